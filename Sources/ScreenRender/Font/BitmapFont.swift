// SPDX-License-Identifier: Apache-2.0

/// A fixed-width bitmap font (a Linux console PSF font): every glyph is `width` x `height`
/// pixels and advances the pen by `width`.
///
/// Parse one from its bytes with `BitmapFont.parse(_:name:)`; reading the file and gunzipping it
/// are the caller's job, so this type makes no system calls. A font maps Unicode scalars to
/// glyphs through its Unicode table; a font without a table is taken to be laid out in code
/// point order, glyph i for U+0000 + i, for the first 256 glyphs only (so a CP437 font without a
/// table shows wrong letters above 127, as the console itself would).
public struct BitmapFont: Sendable {
    /// The name the font was parsed under, for messages.
    public let name: String
    public let width: Int
    public let height: Int
    /// How many glyphs the font holds (256 or 512 for PSF1, any number for PSF2).
    public let glyphCount: Int
    /// Whether the font has a Unicode table; without one, glyph i is U+0000 + i for i < 256.
    public let hasUnicodeTable: Bool
    /// The glyph drawn for a scalar the font lacks, always with visible ink: the font's U+FFFD
    /// if it has one, else its `?`, else a box drawn a pixel inside the cell.
    public let replacementGlyph: Glyph

    /// Every glyph's bitmap, `bytesPerGlyph` apart.
    let bitmaps: [UInt8]
    let bytesPerGlyph: Int
    /// Glyph index + 1 for scalars below `denseLimit` (0: not in the font), so Latin, Greek and
    /// Cyrillic are found without hashing.
    let dense: [Int32]
    /// Glyph indexes of scalars at or above `denseLimit`.
    let sparse: [UInt32: Int]
    /// Glyph indexes of the font's precomposed letters keyed by `Character`, whose equality
    /// and hashing are canonical equivalence: looking up "e" + U+0301 finds the glyph of "é".
    /// This stands in for NFC, which the standard library does not offer without Foundation.
    let precomposed: [Character: Int]

    static let denseLimit: UInt32 = 0x600

    /// Builds a font from its glyph bitmaps and its Unicode table, given as (scalar, glyph)
    /// pairs in table order (the first glyph a scalar is given wins), or nil for no table.
    init(name: String, width: Int, height: Int, glyphCount: Int, bytesPerGlyph: Int, bitmaps: [UInt8], unicodeTable: [(UInt32, Int)]?) {
        self.name = name
        self.width = width
        self.height = height
        self.glyphCount = glyphCount
        self.bytesPerGlyph = bytesPerGlyph
        self.bitmaps = bitmaps
        self.hasUnicodeTable = unicodeTable != nil

        var dense = [Int32](repeating: 0, count: Int(Self.denseLimit))
        var sparse: [UInt32: Int] = [:]
        var precomposed: [Character: Int] = [:]
        let pairs = unicodeTable ?? (0..<min(glyphCount, 256)).map { (UInt32($0), $0) }
        for (value, glyph) in pairs {
            if value < Self.denseLimit {
                if dense[Int(value)] == 0 { dense[Int(value)] = Int32(glyph + 1) } else { continue }
            } else {
                if sparse[value] == nil { sparse[value] = glyph } else { continue }
            }
            // Letters with accents are what base + combining mark sequences compose to; CJK and
            // the rest above U+3000 compose from no marks a name would carry, so are left out.
            if value >= 0xC0, value < 0x3000, let scalar = Unicode.Scalar(value),
                scalar.properties.canonicalCombiningClass == .notReordered
            {
                let key = Character(scalar)
                if precomposed[key] == nil { precomposed[key] = glyph }
            }
        }
        self.dense = dense
        self.sparse = sparse
        self.precomposed = precomposed

        func glyphAt(_ index: Int) -> Glyph {
            Glyph(width: width, height: height, storage: bitmaps, start: index * bytesPerGlyph)
        }
        func mapped(_ value: UInt32) -> Int? {
            value < Self.denseLimit ? (dense[Int(value)] > 0 ? Int(dense[Int(value)]) - 1 : nil) : sparse[value]
        }
        let candidates = [mapped(0xFFFD), mapped(0x3F)].compactMap { $0 }.map(glyphAt)
        self.replacementGlyph = candidates.first { $0.isVisible } ?? Glyph.box(width: width, height: height)
    }

    /// The index of the glyph the font draws `scalar` with, or nil when it has none.
    public func glyphIndex(for scalar: Unicode.Scalar) -> Int? {
        let value = scalar.value
        if value < Self.denseLimit {
            let entry = dense[Int(value)]
            return entry > 0 ? Int(entry) - 1 : nil
        }
        return sparse[value]
    }

    /// The glyph the font draws `scalar` with, or nil when it has none (draw
    /// `replacementGlyph` then).
    public func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        glyphIndex(for: scalar).map(glyph(at:))
    }

    /// The glyph at `index` in the font's own order.
    public func glyph(at index: Int) -> Glyph {
        precondition(index >= 0 && index < glyphCount, "glyph index \(index) outside 0..<\(glyphCount)")
        return Glyph(width: width, height: height, storage: bitmaps, start: index * bytesPerGlyph)
    }

    /// Whether the font has its own glyph for `scalar`.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        glyphIndex(for: scalar) != nil
    }
}
