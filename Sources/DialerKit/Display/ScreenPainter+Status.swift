// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
public import ScreenRender

/// The idle screen's status line, on the row under the query line (empty on the idle screen):
/// the clock and the missed calls on the left, the line and the battery on the right.
///
/// On a small screen the line is set in the small font (t9dial-5x8: 25 columns on 128 pixels,
/// where the 8x16 font's 16 cannot hold "14:02 2 missed" beside "SIP 87%+"), centred in the
/// row, with the modem's signal as bars, so it keeps one look as what it says changes. What
/// does not fit even there goes in this order: the operator's name is cut, then the
/// missed calls become the call log's arrow and their count ("14:02 ←2"), then the operator
/// goes; the line's state and the battery stay. Without the small font (not installed, or no
/// smaller than the screen's), the line is the screen's font's, compacted the same way.
extension ScreenPainter {
    /// The widest screen whose status line may be set in the small font: small panels (an
    /// SSD1306's 128x64, an ST7735's 160x128), where a row of the screen's font is precious.
    /// Wider screens keep the screen's font, which is what stays legible on a TFT.
    static let smallStatusMaxWidth = 160
    /// The fewest cells of an operator's name worth showing cut, the ellipsis included.
    static let shortestOperatorCells = 4
    /// The small font's signal bars: a pair of private-use glyphs per level, U+E000 + 2n and
    /// U+E001 + 2n for n of four bars (Config/fonts/make-small-font.py draws them).
    static let firstSignalGlyph: UInt32 = 0xE000

    func paintStatus(_ status: StatusLine, on canvas: inout Canvas) {
        guard canvas.height >= 2 * font.height, !status.isEmpty else { return }
        if canvas.width <= Self.smallStatusMaxWidth, let small = smallFont, small.height < font.height {
            let y = font.height + (font.height - small.height) / 2
            paintStatusLine(status, font: small, bars: Self.signalGlyphs(in: small), y: y, on: &canvas)
        } else {
            paintStatusLine(status, font: font, bars: nil, y: font.height, on: &canvas)
        }
    }

    /// The line in `lineFont` at `y`: the first of these that fits, or the last with its left
    /// side cut. `bars` draws the signal for a number of bars; nil writes "3/4".
    private func paintStatusLine(
        _ status: StatusLine, font lineFont: BitmapFont, bars: ((Int) -> String)?, y: Int, on canvas: inout Canvas
    ) {
        let line = status.line
        let operatorName = line?.operatorName.flatMap { $0.isEmpty ? nil : $0 }
        let gap = lineFont.width
        func trailing(_ operatorText: String?) -> String {
            guard let line, bars != nil || operatorText != operatorName else { return status.trailing }
            let state = [
                line.registered.map { $0 ? "SIP" : "no SIP" }, operatorText,
                line.signalBars.map { count in bars?(count) ?? "\(count)/4" },
            ]
            return (state + [status.battery?.text]).compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        /// The operator's name cut to what is left beside `leading`, or nil for too little.
        func cutOperator(beside leading: String) -> String? {
            guard let operatorName else { return nil }
            let others = lineFont.width(of: trailing(nil)) + (trailing(nil).isEmpty ? 0 : gap)
            let room = canvas.width - lineFont.width(of: leading) - gap - others
            guard room >= Self.shortestOperatorCells * lineFont.width else { return nil }
            return lineFont.fit(operatorName, width: room).text
        }
        let attempts: [(String, String)] =
            [status.leading, status.compactLeading].flatMap { leading in
                [(leading, trailing(operatorName))] + (cutOperator(beside: leading).map { [(leading, trailing($0))] } ?? [])
            } + [(status.compactLeading, trailing(nil))]
        let fitting = attempts.first { leading, right in
            lineFont.width(of: leading) + (right.isEmpty ? 0 : gap + lineFont.width(of: right)) <= canvas.width
        }
        let (leading, right) = fitting ?? (status.compactLeading, trailing(nil))
        let rightWidth = right.isEmpty ? 0 : lineFont.width(of: right)
        if !right.isEmpty {
            canvas.draw(right, font: lineFont, at: canvas.width - rightWidth, y: y, color: theme.dim)
        }
        let room = max(0, canvas.width - rightWidth - (right.isEmpty ? 0 : gap))
        canvas.draw(lineFont.fit(leading, width: room).text, font: lineFont, at: 0, y: y, color: theme.text)
    }

    /// The signal as the small font's bars, when it has all of them.
    static func signalGlyphs(in font: BitmapFont) -> ((Int) -> String)? {
        let scalars = (0..<10).compactMap { Unicode.Scalar(firstSignalGlyph + UInt32($0)) }
        guard scalars.count == 10, scalars.allSatisfy(font.contains) else { return nil }
        return { count in
            let level = min(4, max(0, count))
            return String(String.UnicodeScalarView(scalars[(2 * level)...(2 * level + 1)]))
        }
    }
}
