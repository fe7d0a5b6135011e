// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import SystemCalls
import Presentation
import TerminalText

/// Writes each screen as a few readable lines, for a terminal or a log:
///
///     T9: 37337
///     > [Fred S]anders  +44 121 496 0000  work
///       [Fred S]mith  +44 7700 900123  mobile
///       [Fred S]mith  +44 121 496 0000  home
///
/// The matched part is in brackets, each number's label ends its row, the selected result starts with `> `, a multi-tap letter
/// still cycling is in angle brackets (`fr<e>`), and a dial is one line, `dial: Name  number`.
/// The calling screen is `dialling Name  number`, then `calling Name  number` or
/// `not called: Name  number  (Busy)` for a launched dial; a followed call is a line at each
/// change, with the screen's words: `Ringing: Name  number`, `Connected: Name  number`,
/// `Call ended 1:07: Name  number`, `Busy: Name  number`, `Incoming call: Name  number`.
/// A connected call's clock is not written every second.
///
/// While the book loads at start, the notice line says how far it has got
/// (`! Loading contacts… 42%`), on a terminal; into a file or a pipe (`showsProgress` false)
/// the loading screen is written once, without a percentage.
public struct TextDisplay<Output: TextOutputStream>: DialerDisplay {
    public var output: Output
    /// How many results are written; the window scrolls to keep the selection in it.
    public var rows: Int
    public var resultRows: Int? { rows }
    /// Whether a screen is written for each percent of the book loaded: on a terminal only.
    public var showsProgress: Bool
    /// The last screen written, without a call's clock (and its loading percentage when
    /// `showsProgress` is off).
    private var lastWritten: ScreenState?
    /// The call's lines last written, without the notice; nil when no call was shown.
    private var lastCallLines: [String]?

    /// The first write to standard output that failed (`StandardOutputStream.failure`).
    public var writeFailure: WriteFailure? { (output as? StandardOutputStream)?.failure }

    public init(output: Output, rows: Int = 5, showsProgress: Bool = true) {
        self.output = output
        self.rows = max(1, rows)
        self.showsProgress = showsProgress
    }

    public mutating func take(_ update: DialerUpdate) {
        switch update {
        case .screen(let screen): write(screen)
        case .dial(let request): output.write(VisibleText.line("dial: " + Self.callee(request)) + "\n")
        case .dialFinished, .hangUp, .answer, .sendTones, .callEnded, .callControl, .callWaiting:
            // The screen that follows each says it ("not called: ...", "Connected: ...",
            // "Call ended 1:07"): a line of its own would say it twice.
            break
        }
    }

    private mutating func write(_ screen: ScreenState) {
        // The status line is the panel's: a line a minute here would bury the dialer's.
        var screen = screen.withoutCallClock.withoutStatus
        if !showsProgress { screen = screen.withoutLoadingPercent }
        // Into a file a screen is written when it changes; on a terminal too while a call is
        // shown, whose clock would otherwise write a line a second.
        if !showsProgress || screen.calling != nil, screen == lastWritten { return }
        if screen.asleep {
            // One line says so; the screen is written again when it wakes.
            if lastWritten?.asleep != true { output.write("(screen asleep)\n") }
            lastWritten = screen
            return
        }
        let lines = Self.lines(screen, rows: rows, percent: showsProgress)
        let callLines = screen.calling == nil ? nil : Self.screenLines(screen, rows: rows)
        // The call's line again under a notice that came meanwhile ("1 missed", once the
        // history has the call) would read as a second call: the notice alone is written.
        let sameCall = callLines != nil && callLines == lastCallLines
        lastWritten = screen
        lastCallLines = callLines
        output.write((sameCall ? Array(lines.dropFirst(callLines?.count ?? 0)) : lines).map { $0 + "\n" }.joined())
    }

    /// The lines `show` writes for `screen`; a notice is the last, after `! `. Control
    /// characters (a name's, a modem's answer's) are shown as `^X`, never written.
    /// The loading notice has its percentage when `percent` is true, else it is
    /// `Loading contacts…`.
    public static func lines(_ screen: ScreenState, rows: Int, percent: Bool = true) -> [String] {
        let notice = percent || screen.notice != nil ? screen.noticeLine : screen.loading.map { _ in "Loading contacts…" }
        return (screenLines(screen, rows: rows) + (notice.map { ["! " + $0] } ?? [])).map(VisibleText.line)
    }

    private static func screenLines(_ screen: ScreenState, rows: Int) -> [String] {
        if let call = screen.calling {
            switch screen.callProgress {
            case .finished(let outcome) where !outcome.isPlaced:
                return ["not called: " + callee(call) + "  (\(outcome.screenMessage))"]
            case .dialling: return ["dialling " + callee(call)]
            case .finished, nil: return ["calling " + callee(call)]
            case .connected: return ["Connected: " + callee(call)] + callDetails(screen)
            case .held: return ["On hold: " + callee(call)] + callDetails(screen)
            case let progress?: return [progress.headline + ": " + callee(call)] + callDetails(screen)
            }
        }
        if let log = screen.callLog { return callLogLines(log, rows: rows) }
        var lines = [screen.modeLabel + ":" + (screen.query.isEmpty ? "" : " " + queryText(screen.query))]
        guard !screen.query.isEmpty else { return lines }
        guard !screen.results.isEmpty else {
            return lines + [screen.loading == nil ? "  no matches" : "  (searched once the contacts are loaded)"]
        }
        let rows = max(1, rows), selected = screen.selection ?? 0
        let first = max(0, selected - rows + 1)
        let window = first..<min(screen.results.count, first + rows)
        for position in window {
            lines.append((position == screen.selection ? "> " : "  ") + ResultPresentation(screen.results[position]).line)
        }
        let hidden = screen.resultCount - window.count
        if hidden > 0 { lines.append("  (\(hidden) more)") }
        return lines
    }

    /// The lines under a followed call: the other call ("  Waiting: Fred Smith"), mute, the last
    /// call key's note and the keys ("  keys: Enter answer  Bksp reject").
    private static func callDetails(_ screen: ScreenState) -> [String] {
        screen.callDetailLines.map { "  " + ($0 == screen.callKeys ? "keys: " + $0 : $0) }
    }

    /// The query with a pending multi-tap letter in angle brackets: "fr<e>".
    static func queryText(_ query: QueryText) -> String {
        guard let pending = query.pending else { return query.committed }
        return query.committed + "<" + String(pending) + ">"
    }

    /// "Fred Smith  +44 7700 900123", or the number alone when it was typed.
    static func callee(_ request: DialRequest) -> String {
        guard let name = request.name else { return request.number }
        return name + "  " + request.number
    }
}

extension TextDisplay: WarmingUpDisplay {
    public func warmUp(_ screen: ScreenState) {
        _ = Self.lines(screen, rows: rows, percent: showsProgress)
    }
}
