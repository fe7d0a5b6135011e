// SPDX-License-Identifier: Apache-2.0

import DialerEngine
public import ScreenRender

/// The idle screen's status line, on the row under the query line (empty on the idle screen):
/// the clock and the missed calls on the left, the battery on the right. On 128x64 in the 8x16
/// font that is 16 columns: "14:02 2 missed" does not fit beside "87%+", so the missed calls
/// are the call log's arrow and their count, "14:02 ←2".
extension ScreenPainter {
    func paintStatus(_ status: StatusLine, on canvas: inout Canvas) {
        let y = font.height
        guard canvas.height >= 2 * font.height, !status.isEmpty else { return }
        let trailing = status.trailing
        let trailingWidth = trailing.isEmpty ? 0 : font.width(of: trailing)
        if !trailing.isEmpty {
            _ = canvas.draw(trailing, font: font, at: canvas.width - trailingWidth, y: y, color: theme.dim)
        }
        let room = canvas.width - trailingWidth - (trailing.isEmpty ? 0 : font.width)
        let leading = font.width(of: status.leading) <= room ? status.leading : font.fit(status.compactLeading, width: max(0, room)).0
        _ = canvas.draw(leading, font: font, at: 0, y: y, color: theme.text)
    }
}
