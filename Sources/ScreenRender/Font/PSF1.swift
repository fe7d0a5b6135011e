// SPDX-License-Identifier: Apache-2.0

/// The PSF1 format: a 4-byte header (magic `36 04`, mode, charsize), 256 or 512 glyphs 8 pixels
/// wide and `charsize` rows high, then, when the mode says so, a Unicode table of little-endian
/// UCS-2 values, each glyph's list ended by `FFFF`, with `FFFE` starting its multi-scalar
/// sequences.
enum PSF1 {
    static let magic: [UInt8] = [0x36, 0x04]
    static let headerSize = 4
    /// Mode bit: 512 glyphs instead of 256.
    static let mode512: UInt8 = 0x01
    /// Mode bits: a Unicode table follows the glyphs (`HASSEQ` implies one too).
    static let modeHasTable: UInt8 = 0x02
    static let modeHasSequences: UInt8 = 0x04

    static func parse(_ bytes: [UInt8], name: String) throws(FontError) -> BitmapFont {
        let reader = FontBytes(bytes: bytes, name: name)
        let header = try reader.slice(0, count: headerSize, "PSF1 header")
        let mode = header[header.startIndex + 2]
        let height = Int(header[header.startIndex + 3])
        guard height > 0 else { throw .badHeader(name, at: 3, "the glyph height (charsize) is 0") }
        let glyphCount = mode & mode512 != 0 ? 512 : 256
        let glyphBytes = try reader.slice(headerSize, count: glyphCount * height, "glyphs (\(glyphCount) of 8x\(height))")

        var table: [(UInt32, Int)]?
        if mode & (modeHasTable | modeHasSequences) != 0 {
            table = try unicodeTable(reader, from: headerSize + glyphCount * height, glyphCount: glyphCount)
        }
        return BitmapFont(
            name: name, width: 8, height: height, glyphCount: glyphCount, bytesPerGlyph: height,
            bitmaps: Array(glyphBytes), unicodeTable: table
        )
    }

    /// The (scalar, glyph) pairs of the table at `start`. Sequences (after `FFFE`) are skipped:
    /// they name a glyph for a base letter with marks, which drawing folds to the base.
    /// Surrogate values, which are no scalar, are skipped too.
    static func unicodeTable(_ reader: FontBytes, from start: Int, glyphCount: Int) throws(FontError) -> [(UInt32, Int)] {
        var pairs: [(UInt32, Int)] = []
        var offset = start
        for glyph in 0..<glyphCount {
            var inSequence = false
            while true {
                let entry = try reader.slice(offset, count: 2, "Unicode table (glyph \(glyph) of \(glyphCount))")
                offset += 2
                let value = UInt32(entry[entry.startIndex]) | UInt32(entry[entry.startIndex + 1]) << 8
                if value == 0xFFFF { break }
                if value == 0xFFFE { inSequence = true; continue }
                if !inSequence, Unicode.Scalar(value) != nil { pairs.append((value, glyph)) }
            }
        }
        return pairs
    }
}
