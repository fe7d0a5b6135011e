// SPDX-License-Identifier: Apache-2.0

/// Hand-made PSF fonts for the tests, built byte by byte as the formats lay them out.
enum PSFBytes {
    /// A PSF1 font: `glyphs` of `height` bytes each (padded to 256 or 512 glyphs with blanks),
    /// and, when `table` is given, one list of UCS-2 values a glyph (`0xFFFE` starts a sequence).
    static func psf1(height: Int, glyphs: [[UInt8]], count: Int = 256, table: [[UInt16]]? = nil) -> [UInt8] {
        var mode: UInt8 = count == 512 ? 0x01 : 0
        if table != nil { mode |= 0x02 }
        var bytes: [UInt8] = [0x36, 0x04, mode, UInt8(height)]
        for index in 0..<count {
            bytes += index < glyphs.count ? glyphs[index] : [UInt8](repeating: 0, count: height)
        }
        if let table {
            for index in 0..<count {
                for value in index < table.count ? table[index] : [] { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
                bytes += [0xFF, 0xFF]
            }
        }
        return bytes
    }

    /// A PSF2 font of `glyphs` (each `height` rows of `(width + 7) / 8` bytes, plus `padding`
    /// bytes) and, when `table` is given, one list of strings a glyph: a one-scalar string is
    /// an entry, a longer one a sequence after `FE`.
    static func psf2(
        width: Int, height: Int, glyphs: [[UInt8]], table: [[String]]? = nil, headerSize: Int = 32, padding: Int = 0
    ) -> [UInt8] {
        let charSize = height * ((width + 7) / 8) + padding
        var bytes: [UInt8] = [0x72, 0xB5, 0x4A, 0x86]
        for field in [0, headerSize, table == nil ? 0 : 1, glyphs.count, charSize, height, width] {
            bytes += le32(UInt32(field))
        }
        bytes += [UInt8](repeating: 0xEE, count: headerSize - 32)
        for glyph in glyphs { bytes += glyph + [UInt8](repeating: 0, count: padding) }
        if let table {
            for index in glyphs.indices {
                let entries = index < table.count ? table[index] : []
                for entry in entries where entry.unicodeScalars.count == 1 { bytes += Array(entry.utf8) }
                for entry in entries where entry.unicodeScalars.count > 1 { bytes += [0xFE] + Array(entry.utf8) }
                bytes.append(0xFF)
            }
        }
        return bytes
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// One glyph's rows from a picture: a line a row, `#` for ink (8 pixels or fewer wide).
    static func rows(_ picture: String) -> [UInt8] {
        picture.split(separator: "\n").map { line in
            line.enumerated().reduce(UInt8(0)) { byte, pixel in pixel.element == "#" ? byte | (0x80 >> UInt8(pixel.offset)) : byte }
        }
    }
}
