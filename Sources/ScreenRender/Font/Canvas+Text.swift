// SPDX-License-Identifier: Apache-2.0

extension Canvas {
    /// Draws `text` in `font` with its top-left corner at (`x`, `y`), clipped to the canvas, and
    /// returns the width drawn (`font.width(of: text)`). `background`, when given, first fills
    /// the text's cells. `bold` draws each glyph twice, one pixel apart; the width is the same,
    /// the extra column falling in the next cell (console glyphs leave their right column blank
    /// for this), or one pixel past the text for the last glyph. How scalars become glyphs,
    /// marks and missing glyphs included, is `BitmapFont.layOut`'s rule.
    @discardableResult
    public mutating func draw(
        _ text: String, font: BitmapFont, at x: Int, y: Int, color: Color, background: Color? = nil, bold: Bool = false
    ) -> Int {
        if let background {
            fill(Rect(x: x, y: y, width: font.width(of: text), height: font.height), with: background)
        }
        // Text wholly above or below the canvas draws nothing, but is measured all the same.
        guard y < height, y + font.height > 0 else { return font.width(of: text) }
        return font.layOut(text) { glyph, offset, _ in
            let left = x + offset
            guard left < width, left + glyph.width + 1 > 0 else { return }
            draw(glyph, at: left, y: y, color: color)
            if bold { draw(glyph, at: left + 1, y: y, color: color) }
        }
    }

    /// Paints `glyph`'s ink at (`x`, `y`) in `color`, leaving its other pixels as they were.
    public mutating func draw(_ glyph: Glyph, at x: Int, y: Int, color: Color) {
        let top = max(0, -y), bottom = min(glyph.height, height - y)
        guard top < bottom else { return }
        for row in top..<bottom {
            let rowStart = glyph.start + row * glyph.bytesPerRow
            for column in 0..<glyph.bytesPerRow {
                let byte = glyph.storage[rowStart + column]
                if byte == 0 { continue }
                let bits = min(8, glyph.width - column * 8)
                for bit in 0..<bits where byte & (0x80 >> UInt8(bit)) != 0 {
                    self[x + column * 8 + bit, y + row] = color
                }
            }
        }
    }
}
