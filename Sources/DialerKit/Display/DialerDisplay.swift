// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerEngine
public import SystemCalls

/// Where the dialer's screens and dials go: a terminal, a program reading JSON, a framebuffer,
/// a test. Each implementation draws the same `ScreenState` its own way.
///
/// A display takes every `DialerUpdate` through one method, `take`, and says in it what it
/// does with each kind, ignoring included: a new kind of update then fails to compile until
/// every display has said, and a group (`DisplayGroup`) passes each on whole, so no event
/// is lost on its way to a display that writes it (`--json`'s `answer`, `dtmf`, `callended`).
public protocol DialerDisplay {
    /// Shows or reports `update`: a screen replaces whatever was shown before; a dial, its
    /// outcome, an answer, tones or a call's end are written by the displays that write them.
    mutating func take(_ update: DialerUpdate)
    /// How many results this display shows at once; nil when it shows every result. Only the
    /// results some display can show are highlighted (`DialerSession.shownRows`).
    var resultRows: Int? { get }
    /// The first write of this display that failed, when it writes to a stream (standard
    /// output); it writes nothing more after it. The run decides what it means: a replay or
    /// `t9dial try` ends, the service goes on with its other displays (`DialerService`).
    var writeFailure: WriteFailure? { get }
}

extension DialerDisplay {
    /// A display that does not say shows every result.
    public var resultRows: Int? { nil }
    /// A display that writes to no stream has no write to fail.
    public var writeFailure: WriteFailure? { nil }

    /// Draws `screen`, which replaces whatever was shown before.
    public mutating func show(_ screen: ScreenState) { take(.screen(screen)) }
}

/// A display that works out a screen before it shows it (text laid out, pixels painted), and
/// can do so without showing anything: a warm-up before the first key
/// (`DialerMachine.warmUpKeys`), so that the first screen the user asks for does not also
/// pay for code and data the process has not touched yet.
public protocol WarmingUpDisplay {
    /// Works out how `screen` would be shown, and shows nothing.
    func warmUp(_ screen: ScreenState)
}

extension DialerMachine {
    /// Shows the session's first screen on `display`, which from now on gets the highlights of
    /// as many results as it shows, and warms up the keys on it.
    public func showFirstScreen(on display: inout some DialerDisplay) {
        session.shownRows = display.resultRows
        display.show(session.screen)
        warmUpKeys(on: display)
    }

    /// Types each digit key, 0 to 9, into a scratch dialer on the session's book and settings,
    /// and has `display`, when it works screens out (`WarmingUpDisplay`), work out each screen
    /// it gives without showing it. Run on the loop's thread when a book comes in: whichever key
    /// the user types first then finds its search, the dialer and the display warm in this
    /// core's caches, and is no slower than the keys after it. About ten keys' work. The
    /// session, its query and what is shown do not change.
    public func warmUpKeys(on display: some DialerDisplay) {
        let warmingUp = display as? any WarmingUpDisplay
        guard !session.index.contacts.isEmpty else { return }
        for digit: UInt8 in 0...9 {
            guard let scratch = try? DialerSession(index: session.index, settings: session.settings) else { return }
            scratch.shownRows = session.shownRows
            for update in scratch.handle(TimedGesture(time: 0, gesture: .pressed(.digit(digit)))) {
                if case .screen(let screen) = update { warmingUp?.warmUp(screen) }
            }
        }
    }
}

extension DialerDisplay {
    /// Passes each update of `DialerSession.handle` or `advance` on, in order.
    public mutating func apply(_ updates: [DialerUpdate]) {
        for update in updates { take(update) }
    }
}
