// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// The display drawn as it looks, for `--output png:FILE --screen lcd16x2`: each cell 5x8
/// dots on a grid, dark dots on a lit yellow-green backlight, the unlit dots faintly there as
/// on the glass. The ROM's characters are drawn from the same 5x8 font as the custom glyphs,
/// so the picture is the same on every machine.
extension CharacterLCDScreen {
    /// Pixels a dot takes, and the gap after it.
    static let dotSize = 2
    static let dotGap = 1
    /// Dots between two cells and between two rows, and around the glass.
    static let cellGapDots = 1
    static let borderDots = 3

    public static let backlightColor = Color(0x9CC53A)
    public static let unlitDotColor = Color(0x8CB634)
    public static let litDotColor = Color(0x1F3A12)

    /// The picture's size in pixels for a display of `columns` x `rows`.
    public static func pictureSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        let pitch = dotSize + dotGap
        let cellWidth = (5 + cellGapDots) * pitch
        let cellHeight = (8 + cellGapDots) * pitch
        return (columns * cellWidth + 2 * borderDots * pitch, rows * cellHeight + 2 * borderDots * pitch)
    }

    /// What the display shows now, as a picture (blank cells before the first update).
    public func picture() -> Canvas {
        let size = Self.pictureSize(columns: columns, rows: rows)
        var canvas = Canvas(width: size.width, height: size.height, background: Self.backlightColor)
        let pitch = Self.dotSize + Self.dotGap
        for row in 0..<rows {
            for column in 0..<columns {
                let code = cells?[row][column] ?? 0x20
                let dots = dotRows(code)
                let left = (Self.borderDots + column * (5 + Self.cellGapDots)) * pitch
                let top = (Self.borderDots + row * (8 + Self.cellGapDots)) * pitch
                for y in 0..<8 {
                    for x in 0..<5 {
                        let lit = dots[y] & UInt8(0x10 >> x) != 0
                        canvas.fill(
                            Rect(x: left + x * pitch, y: top + y * pitch, width: Self.dotSize, height: Self.dotSize),
                            with: lit ? Self.litDotColor : Self.unlitDotColor)
                    }
                }
            }
        }
        return canvas
    }

    /// The dots of the cell holding `code`: a custom glyph's, or the ROM character's drawn from
    /// the font.
    func dotRows(_ code: UInt8) -> [UInt8] {
        if Int(code) < Self.glyphSlots { return slots[Int(code)].map(glyphRows) ?? Array(repeating: 0, count: 8) }
        guard let character = rom.character(for: code) else { return Array(repeating: 0, count: 8) }
        return glyphRows(character)
    }
}
