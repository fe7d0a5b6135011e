// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import ScreenRender
import T9Search

/// Paints what the dialer shows (`ScreenState`) on a canvas of any size, with a bitmap font.
///
/// The top row is the mode and the query as typed (a pending multi-tap letter underlined); the
/// rows below are as many results as fit, scrolled so the selection is in view, each with its
/// matched letters highlighted by the theme and the selected one marked. A long name is cut
/// with an ellipsis. Where a row is wide enough, the number follows the name on the right. The
/// number's label ends the row: the word (`mobile`, `home`) where the row still has room for
/// the name and the number beside it, else four letters at most (`mob`, `home`, `wfax`, the
/// start of a custom label), so a contact's rows tell its numbers apart on any screen. A
/// dial shows a "Dialling" screen with the name and number, then "Calling", or why it failed.
/// A notice (no keypad, no contacts) takes the bottom row, in inverse colours, on any screen.
/// 128x64 with an 8x16 font holds the query and three results; 320x240 holds the query and
/// fourteen (thirteen under a notice).
public struct ScreenPainter: Sendable {
    public var font: BitmapFont
    public var theme: ScreenTheme
    /// The font of the status line on a small screen (t9dial-5x8, `ScreenDisplay.loadSmallFont`);
    /// nil when it is not installed, and the status line is then set in `font`.
    public var smallFont: BitmapFont?

    public init(font: BitmapFont, theme: ScreenTheme, smallFont: BitmapFont? = nil) {
        self.font = font
        self.theme = theme
        self.smallFont = smallFont
    }

    /// How many results fit on a canvas `height` pixels high.
    public func resultRows(height: Int) -> Int { max(0, height / font.height - 1) }

    /// The screen of `state` on a `width` x `height` canvas.
    public func paint(_ state: ScreenState, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height, background: theme.background)
        if let calling = state.calling {
            paintCalling(calling, headline: state.callHeadline, details: state.callDetailLines, on: &canvas)
        } else if let log = state.callLog {
            paintCallLog(log, on: &canvas, reserved: state.noticeLine == nil ? 0 : 1)
        } else {
            paintHeader(state, on: &canvas)
            paintResults(state, on: &canvas, reserved: state.noticeLine == nil ? 0 : 1)
            if state.isIdle, let status = state.status { paintStatus(status, on: &canvas) }
        }
        if let notice = state.noticeLine { paintNotice(notice, on: &canvas) }
        return canvas
    }

    // MARK: Parts

    private func paintHeader(_ state: ScreenState, on canvas: inout Canvas) {
        var x = canvas.draw(state.modeLabel, font: font, at: 0, y: 0, color: theme.dim)
        x += font.width
        let committed = state.query.committed
        x += canvas.draw(committed, font: font, at: x, y: 0, color: theme.accent)
        if let pending = state.query.pending {
            let width = canvas.draw(String(pending), font: font, at: x, y: 0, color: theme.match)
            // The letter still being chosen is underlined.
            canvas.fill(Rect(x: x, y: font.height - 1, width: width, height: 1), with: theme.accent)
            x += width
        }
        // The cursor.
        canvas.fill(Rect(x: x + 1, y: 2, width: 1, height: font.height - 4), with: theme.accent)
        // A rule under the header on screens tall enough to spare the pixel row.
        if canvas.height >= 4 * font.height + 1 {
            canvas.fill(Rect(x: 0, y: font.height - 1, width: canvas.width, height: 1), with: theme.dim)
        }
    }

    private func paintResults(_ state: ScreenState, on canvas: inout Canvas, reserved: Int) {
        let rows = resultRows(height: canvas.height) - reserved
        guard rows > 0 else { return }
        if state.results.isEmpty {
            if !state.query.isEmpty { _ = canvas.draw("no matches", font: font, at: font.width, y: font.height, color: theme.dim) }
            return
        }
        // Scroll so the selection stays in view.
        let selected = state.selection ?? 0
        let first = min(max(0, selected - rows + 1), max(0, state.results.count - rows))
        for (row, index) in (first..<min(state.results.count, first + rows)).enumerated() {
            paintResult(state.results[index], selected: index == state.selection, row: row + 1, on: &canvas)
        }
    }

    private func paintResult(_ result: ShownResult, selected: Bool, row: Int, on canvas: inout Canvas) {
        let y = row * font.height
        if selected, let bar = theme.selection {
            canvas.fill(Rect(x: 0, y: y, width: canvas.width, height: font.height), with: bar)
        }
        if selected { _ = canvas.draw(">", font: font, at: 0, y: y, color: theme.accent) }
        let left = font.width
        // The label at the right end; the rest of the row is laid out left of it.
        var right = canvas.width
        if let label = label(result.label, columns: (canvas.width - left) / font.width) {
            let width = font.width(of: label)
            _ = canvas.draw(label, font: font, at: canvas.width - width, y: y, color: theme.dim)
            right -= width + font.width
        }
        let columns = (right - left) / font.width

        // The matched text, with the number after a name on rows wide enough for both.
        var text = result.text
        var ranges = result.ranges
        var trailing: String? = nil
        if case .name = result.field {
            if result.text != result.name {
                // Found by a nickname or a reading: "周秀英 (Zhou Xiuying)".
                text = result.name + " (" + result.text + ")"
                ranges = ranges.map(shifted(by: result.name.unicodeScalars.count + 2))
            }
            if columns >= 28 { trailing = result.number }
        } else if columns >= 28 {
            text = result.text
            trailing = result.name
        }
        let trailingWidth = trailing.map { font.width(of: $0) + font.width } ?? 0
        let (shown, _) = font.fit(text, width: right - left - trailingWidth)
        drawHighlighted(shown, ranges: ranges, at: left, y: y, on: &canvas)
        if let trailing {
            let (fitted, _) = font.fit(trailing, width: trailingWidth - font.width)
            _ = canvas.draw(fitted, font: font, at: right - font.width(of: fitted), y: y, color: theme.dim)
        }
    }

    /// The columns a row needs for the name and the number side by side.
    private static let wideColumns = 28

    /// What a row of `columns` shows of `label`: its word where the row keeps `wideColumns`
    /// beside it, else its short form; nil for a number without a label.
    private func label(_ label: NumberLabel, columns: Int) -> String? {
        guard let word = label.word, let short = label.short else { return nil }
        let text = columns - word.count - 1 >= Self.wideColumns ? word : short
        return font.fit(text, width: max(font.width, (columns / 2) * font.width)).0
    }

    /// Draws `text` with the scalars in `ranges` in the theme's match style.
    private func drawHighlighted(_ text: String, ranges: [Range<Int>], at left: Int, y: Int, on canvas: inout Canvas) {
        var x = left
        var run = String.UnicodeScalarView()
        var runMatched = false
        func flush() {
            guard !run.isEmpty else { return }
            let piece = String(run)
            if runMatched {
                switch theme.matchStyle {
                case .inverse:
                    let width = font.width(of: piece)
                    canvas.fill(Rect(x: x, y: y, width: width, height: font.height), with: theme.match)
                    x += canvas.draw(piece, font: font, at: x, y: y, color: theme.background)
                case .colored:
                    x += canvas.draw(piece, font: font, at: x, y: y, color: theme.match)
                }
            } else {
                x += canvas.draw(piece, font: font, at: x, y: y, color: theme.text)
            }
            run = String.UnicodeScalarView()
        }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let matched = ranges.contains { $0.contains(offset) }
            if matched != runMatched {
                flush()
                runMatched = matched
            }
            run.append(scalar)
        }
        flush()
    }

    /// The call, centred: its headline, name and number, then `details` (the other call, mute,
    /// the help line) as room allows; the number goes first when there is none.
    private func paintCalling(_ calling: DialRequest, headline: String, details: [String], on canvas: inout Canvas) {
        var lines = [headline, calling.name ?? calling.number] + (calling.name == nil ? [] : [calling.number])
        let rows = max(1, canvas.height / font.height)
        if !details.isEmpty, lines.count + details.count > rows, calling.name != nil { lines.removeLast() }
        lines += details.prefix(max(0, rows - lines.count))
        let top = max(0, (canvas.height - lines.count * font.height) / 2)
        for (row, line) in lines.enumerated() {
            let (fitted, _) = font.fit(line, width: canvas.width)
            let x = max(0, (canvas.width - font.width(of: fitted)) / 2)
            _ = canvas.draw(fitted, font: font, at: x, y: top + row * font.height, color: row == 0 ? theme.accent : theme.text)
        }
    }

    /// The notice on the bottom row, over whatever is there, in the selection's inverse
    /// colours so it stands out on any theme; cut with an ellipsis when too long.
    private func paintNotice(_ notice: String, on canvas: inout Canvas) {
        let y = max(0, canvas.height - font.height)
        canvas.fill(Rect(x: 0, y: y, width: canvas.width, height: font.height), with: theme.accent)
        let (fitted, _) = font.fit(notice, width: canvas.width)
        _ = canvas.draw(fitted, font: font, at: 0, y: y, color: theme.background)
    }

    private func shifted(by offset: Int) -> (Range<Int>) -> Range<Int> {
        { ($0.lowerBound + offset)..<($0.upperBound + offset) }
    }
}
