// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import ScreenRender

/// The call log on a screen: its title on the top row with where the selection is ("Calls
/// 1/12"), then as many calls as fit, scrolled so the selection is in view. Each row is the
/// direction's arrow (in the match colour for a call that did not go through: missed, busy,
/// no answer), the name or number, and on the right when it was (`14:02`, `Mon`, `3 Nov`),
/// after how it went on rows wide enough. 128x64 with an 8x16 font holds the title and three
/// calls.
extension ScreenPainter {
    func paintCallLog(_ log: CallLogScreen, on canvas: inout Canvas, reserved: Int) {
        _ = canvas.draw(log.title, font: font, at: 0, y: 0, color: theme.accent)
        if let selection = log.selection {
            let position = "\(selection + 1)/\(log.rows.count)"
            _ = canvas.draw(position, font: font, at: canvas.width - font.width(of: position), y: 0, color: theme.dim)
        }
        if canvas.height >= 4 * font.height + 1 {
            canvas.fill(Rect(x: 0, y: font.height - 1, width: canvas.width, height: 1), with: theme.dim)
        }
        let rows = resultRows(height: canvas.height) - reserved
        guard rows > 0 else { return }
        guard !log.rows.isEmpty else {
            _ = canvas.draw(log.emptyText, font: font, at: font.width, y: font.height, color: theme.dim)
            return
        }
        let selected = log.selection ?? 0
        let first = min(max(0, selected - rows + 1), max(0, log.rows.count - rows))
        for (row, index) in (first..<min(log.rows.count, first + rows)).enumerated() {
            paintCallLogRow(log.rows[index], selected: index == log.selection, y: (row + 1) * font.height, on: &canvas)
        }
    }

    private func paintCallLogRow(_ row: CallLogRow, selected: Bool, y: Int, on canvas: inout Canvas) {
        if selected, let bar = theme.selection {
            canvas.fill(Rect(x: 0, y: y, width: canvas.width, height: font.height), with: bar)
        }
        if selected { _ = canvas.draw(">", font: font, at: 0, y: y, color: theme.accent) }
        _ = canvas.draw(row.arrow, font: font, at: font.width, y: y, color: row.wentThrough ? theme.text : theme.match)
        let left = 3 * font.width
        let columns = (canvas.width - left) / font.width
        let trailing = columns >= 28 ? row.outcome + "  " + row.when : row.when
        let trailingWidth = font.width(of: trailing) + font.width
        let (title, _) = font.fit(row.title, width: max(0, canvas.width - left - trailingWidth))
        _ = canvas.draw(title, font: font, at: left, y: y, color: theme.text)
        _ = canvas.draw(trailing, font: font, at: canvas.width - font.width(of: trailing), y: y, color: theme.dim)
    }
}
