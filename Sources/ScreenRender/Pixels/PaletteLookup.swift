// SPDX-License-Identifier: Apache-2.0

/// Nearest-palette-index lookups for one packing pass, remembering the last colour: drawn
/// screens are long runs of one colour, so nearly every pixel is a comparison, and only a
/// change of colour searches the palette.
struct PaletteLookup {
    let palette: Palette
    var lastColor: Color
    var lastIndex: UInt8

    init(_ palette: Palette) {
        self.palette = palette
        lastColor = .black
        lastIndex = palette.nearestIndex(to: .black)
    }

    @inline(__always)
    mutating func index(of color: Color) -> UInt8 {
        if color != lastColor {
            lastColor = color
            lastIndex = palette.nearestIndex(to: color)
        }
        return lastIndex
    }
}
