// SPDX-License-Identifier: Apache-2.0

/// The PSF2 format: a 32-byte little-endian header (magic `72 b5 4a 86`, version, headersize,
/// flags, length, charsize, height, width), `length` glyphs of `charsize` bytes at
/// `headersize`, each row `(width + 7) / 8` bytes, then, when flag 1 is set, a Unicode table:
/// each glyph's scalars in UTF-8, then its sequences each after a `FE`, ended by `FF`. The
/// version field is not checked: 0 is the only one defined, and the layout is read from the
/// header's own sizes.
enum PSF2 {
    static let magic: [UInt8] = [0x72, 0xB5, 0x4A, 0x86]
    static let headerSize = 32
    /// Flag bit: a Unicode table follows the glyphs.
    static let flagHasTable: UInt32 = 0x01
    /// Fonts larger than this many glyphs or pixels a side are not console fonts; refusing them
    /// keeps a damaged header from asking for gigabytes.
    static let maxGlyphs = 1 << 20
    static let maxSide = 256

    static func parse(_ bytes: [UInt8], name: String) throws(FontError) -> BitmapFont {
        let reader = FontBytes(bytes: bytes, name: name)
        _ = try reader.slice(0, count: headerSize, "PSF2 header")
        let headerLength = Int(try reader.uint32(8, "PSF2 header"))
        let flags = try reader.uint32(12, "PSF2 header")
        let glyphCount = Int(try reader.uint32(16, "PSF2 header"))
        let charSize = Int(try reader.uint32(20, "PSF2 header"))
        let height = Int(try reader.uint32(24, "PSF2 header"))
        let width = Int(try reader.uint32(28, "PSF2 header"))

        guard headerLength >= headerSize else {
            throw .badHeader(name, at: 8, "the header size is \(headerLength), less than PSF2's 32 bytes")
        }
        guard glyphCount > 0, glyphCount <= maxGlyphs else {
            throw .badHeader(name, at: 16, "the font says it has \(glyphCount) glyphs (1 to \(maxGlyphs) expected)")
        }
        guard width > 0, width <= maxSide, height > 0, height <= maxSide else {
            throw .badHeader(name, at: 24, "the glyphs are \(width)x\(height) pixels (1 to \(maxSide) a side expected)")
        }
        let bytesPerRow = (width + 7) / 8
        guard charSize >= height * bytesPerRow else {
            throw .badHeader(
                name, at: 20,
                "each glyph is \(charSize) bytes, too few for \(height) rows of \(bytesPerRow) bytes (\(width) pixels wide)"
            )
        }
        let glyphBytes = try reader.slice(headerLength, count: glyphCount * charSize, "glyphs (\(glyphCount) of \(width)x\(height))")

        var table: [(UInt32, Int)]?
        if flags & flagHasTable != 0 {
            table = try unicodeTable(reader, from: headerLength + glyphCount * charSize, glyphCount: glyphCount)
        }
        return BitmapFont(
            name: name, width: width, height: height, glyphCount: glyphCount, bytesPerGlyph: charSize,
            bitmaps: Array(glyphBytes), unicodeTable: table
        )
    }

    /// The (scalar, glyph) pairs of the UTF-8 table at `start`. Sequences (after `FE`) are
    /// skipped: they name a glyph for a base letter with marks, which drawing folds to the base.
    static func unicodeTable(_ reader: FontBytes, from start: Int, glyphCount: Int) throws(FontError) -> [(UInt32, Int)] {
        let bytes = reader.bytes
        var pairs: [(UInt32, Int)] = []
        var offset = start
        for glyph in 0..<glyphCount {
            var inSequence = false
            while true {
                guard offset < bytes.count else {
                    throw .truncated(
                        reader.name, at: offset, reading: "Unicode table (glyph \(glyph) of \(glyphCount))",
                        needs: 1, has: 0
                    )
                }
                let lead = bytes[offset]
                if lead == 0xFF { offset += 1; break }
                if lead == 0xFE { offset += 1; inSequence = true; continue }
                guard let (value, length) = decodeUTF8(bytes, at: offset) else {
                    throw .badUnicodeTable(reader.name, at: offset, glyph: glyph)
                }
                offset += length
                if !inSequence { pairs.append((value, glyph)) }
            }
        }
        return pairs
    }

    /// The scalar encoded at `offset` and its length in bytes, or nil for bytes that are not
    /// UTF-8 (including overlong forms and surrogates, which `Unicode.Scalar` refuses).
    static func decodeUTF8(_ bytes: [UInt8], at offset: Int) -> (UInt32, Int)? {
        let lead = bytes[offset]
        let length: Int, initial: UInt32, minimum: UInt32
        switch lead {
        case 0x00...0x7F: return (UInt32(lead), 1)
        case 0xC2...0xDF: (length, initial, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (length, initial, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (length, initial, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return nil
        }
        guard bytes.count - offset >= length else { return nil }
        var value = initial
        for index in (offset + 1)..<(offset + length) {
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, Unicode.Scalar(value) != nil else { return nil }
        return (value, length)
    }
}
