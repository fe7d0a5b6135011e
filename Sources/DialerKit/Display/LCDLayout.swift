// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import T9Search

/// The dialer's screens as lines of a character display (16x2, 20x4), one character a cell.
///
/// The first line is the mode and the query (`T9 37337`; the end of a long query); the lines
/// below are as many results as fit, scrolled so the selection is in view, the selected one
/// marked `>`, each its name (or the number it matched), and the number's short label at the
/// right end where the line keeps 8 cells for the name. The idle screen's second line is the
/// status line. A call is centred in as many lines as there are: its headline ("Connected
/// 0:42"), the name, the number, then the other call, mute and the keys as room allows, the
/// number going first. The call log is its title and where the selection is, then a call a
/// line with its arrow (→ out, ← in) and when. A notice takes the last line. Characters an
/// LCD cannot show are the display's concern (`CharacterLCDScreen`), except the punctuation
/// the text uses, written here in ASCII (`…` as `...`).
public struct LCDLayout: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }

    /// The fewest cells a name keeps beside its label.
    static let nameCells = 8
    /// The cells a row needs for the name and the number side by side (a 40-column display).
    static let wideCells = 28

    /// How many results the display shows under the query line.
    public var resultRows: Int { max(0, rows - 1) }

    /// The lines of `screen`, each exactly `columns` characters.
    public func lines(_ screen: ScreenState) -> [String] {
        var lines: [String]
        if let calling = screen.calling {
            lines = callLines(calling, headline: screen.callHeadline, details: screen.callDetailLines)
        } else if let log = screen.callLog {
            lines = callLogLines(log, reserved: screen.noticeLine == nil ? 0 : 1)
        } else {
            lines = queryLines(screen, reserved: screen.noticeLine == nil ? 0 : 1)
        }
        lines += Array(repeating: "", count: max(0, rows - lines.count))
        lines = Array(lines.prefix(rows))
        if let notice = screen.noticeLine {
            // "Loading contacts... 42%" is longer than a 16-column line: the percentage stays.
            let short = screen.notice == nil && Self.ascii(notice).count > columns ? screen.loading.map { "Loading \($0)%" } : nil
            lines[rows - 1] = short ?? notice
        }
        return lines.map { pad(Self.ascii($0)) }
    }

    /// The cell of the multi-tap letter still being chosen, which the display underlines with
    /// its cursor, as the painter underlines it; nil when there is none or a call, the call
    /// log or a notice covers the query line.
    public func pendingLetter(_ screen: ScreenState) -> (column: Int, row: Int)? {
        guard screen.query.pending != nil, screen.calling == nil, screen.callLog == nil, screen.noticeLine == nil || rows > 1 else { return nil }
        let shown = min(Self.ascii(screen.query.text).count, max(0, columns - screen.modeLabel.count - 1))
        let column = screen.modeLabel.count + shown
        return shown > 0 && column < columns ? (column, 0) : nil
    }

    // MARK: Screens

    private func queryLines(_ screen: ScreenState, reserved: Int) -> [String] {
        let query = Self.ascii(screen.query.text)
        let label = screen.modeLabel
        let room = max(0, columns - label.count - 1)
        var lines = [label + " " + String(query.suffix(room))]
        if screen.isIdle, let status = screen.status, rows >= 2 { lines.append(statusLine(status)) }
        let shown = rows - 1 - reserved
        guard shown > 0, !screen.query.isEmpty else { return lines }
        guard !screen.results.isEmpty else { return lines + [" no matches"] }
        let selected = screen.selection ?? 0
        let first = min(max(0, selected - shown + 1), max(0, screen.results.count - shown))
        for index in first..<min(screen.results.count, first + shown) {
            lines.append(resultLine(screen.results[index], selected: index == screen.selection))
        }
        return lines
    }

    private func resultLine(_ result: ShownResult, selected: Bool) -> String {
        let marker = selected ? ">" : " "
        var text = result.text
        var trailing: String? = nil
        let wide = columns - 1 >= Self.wideCells
        if case .name = result.field {
            if result.text != result.name { text = result.name + " (" + result.text + ")" }
            if wide { trailing = result.number }
        } else if wide {
            trailing = result.name
        }
        var right = ""
        if let short = result.label.short, columns - 1 - short.count - 1 >= Self.nameCells {
            right = " " + short
        }
        if let trailing {
            let room = columns - 1 - right.count - Self.nameCells - 2
            if room > 0 { right = "  " + String(Self.ascii(trailing).prefix(room)) + right }
        }
        return marker + fitted(text, columns - 1 - right.count) + right
    }

    private func statusLine(_ status: StatusLine) -> String {
        let trailing = Self.ascii(status.trailing)
        for leading in [status.leading, status.compactLeading].map(Self.ascii) {
            if leading.count + (trailing.isEmpty ? 0 : 1 + trailing.count) <= columns {
                return fitted(leading, columns - trailing.count) + trailing
            }
        }
        // Neither fits: the clock first, what follows cut at the line's end.
        return Self.ascii(status.compactLeading) + " " + trailing
    }

    private func callLogLines(_ log: CallLogScreen, reserved: Int) -> [String] {
        let position = log.selection.map { "\($0 + 1)/\(log.rows.count)" } ?? ""
        var lines = [fitted(log.title, columns - position.count) + position]
        let shown = rows - 1 - reserved
        guard shown > 0 else { return lines }
        guard !log.rows.isEmpty else { return lines + [" " + log.emptyText] }
        let selected = log.selection ?? 0
        let first = min(max(0, selected - shown + 1), max(0, log.rows.count - shown))
        for index in first..<min(log.rows.count, first + shown) {
            let row = log.rows[index]
            let when = " " + Self.ascii(row.when)
            let start = (index == log.selection ? ">" : " ") + row.arrow
            lines.append(start + fitted(row.title, columns - 2 - when.count) + when)
        }
        return lines
    }

    /// The call centred: its headline, name and number, then `details` as room allows.
    private func callLines(_ calling: DialRequest, headline: String, details: [String]) -> [String] {
        var lines = [headline, calling.name ?? calling.number] + (calling.name == nil ? [] : [calling.number])
        if !details.isEmpty, lines.count + details.count > rows, calling.name != nil { lines.removeLast() }
        lines += details.prefix(max(0, rows - lines.count))
        lines = Array(lines.prefix(rows))
        let top = (rows - lines.count) / 2
        return Array(repeating: "", count: top) + lines.map(centred)
    }

    // MARK: Text

    /// `text` cut to `width` characters.
    private func fitted(_ text: String, _ width: Int) -> String {
        let text = Self.ascii(text)
        return text.count <= width ? text + String(repeating: " ", count: width - text.count) : String(text.prefix(max(0, width)))
    }

    private func pad(_ text: String) -> String {
        text.count >= columns ? String(text.prefix(columns)) : text + String(repeating: " ", count: columns - text.count)
    }

    private func centred(_ text: String) -> String {
        let text = Self.ascii(text)
        guard text.count < columns else { return String(text.prefix(columns)) }
        return String(repeating: " ", count: (columns - text.count) / 2) + text
    }

    /// The punctuation of t9dial's own texts in ASCII, so a custom glyph is kept for letters.
    static func ascii(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "…": result += "..."
            case "–", "—", "−": result += "-"
            case "‘", "’": result += "'"
            case "“", "”": result += "\""
            case "\u{00A0}", "\u{202F}": result += " "
            default: result.append(character.isNewline || character.asciiValue.map { $0 < 0x20 } == true ? " " : character)
            }
        }
        return result
    }
}
