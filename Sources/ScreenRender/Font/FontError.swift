// SPDX-License-Identifier: Apache-2.0

/// Why bytes could not be read as a PSF console font: what is wrong, where (the font's name and
/// the byte offset), and what to do about it. Fonts are read whole, so any problem stops the load.
public struct FontError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The first bytes are neither PSF1's `36 04` nor PSF2's `72 b5 4a 86`.
        case badMagic
        /// The bytes end before the header, the glyphs or the Unicode table do.
        case truncated
        /// A header field is impossible: no glyphs, zero width or height, a PSF2 `charsize`
        /// too small for its rows, or a header size shorter than the header.
        case badHeader
        /// The Unicode table holds bytes that are not UTF-8 (PSF2).
        case badUnicodeTable
    }

    public var kind: Kind
    /// The font as the caller named it (usually its file name).
    public var font: String
    /// The byte offset of the problem from the start of the (uncompressed) font.
    public var offset: Int
    /// What is wrong.
    public var problem: String
    /// What to do about it.
    public var remedy: String

    public init(kind: Kind, font: String, offset: Int, problem: String, remedy: String) {
        self.kind = kind
        self.font = font
        self.offset = offset
        self.problem = problem
        self.remedy = remedy
    }

    /// "Lat2-Fixed16.psf, byte 4: the glyphs end early ... . Install the font again ..."
    public var description: String {
        "\(font), byte \(offset): \(problem). \(remedy)"
    }
}

extension FontError {
    static func badMagic(_ font: String, found: [UInt8]) -> Self {
        let hex = found.map { byte -> String in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
        return Self(
            kind: .badMagic, font: font, offset: 0,
            problem: "this is not a PSF font: it starts with \(hex.isEmpty ? "nothing" : hex), not 36 04 (PSF1) or 72 b5 4a 86 (PSF2)",
            remedy: "Give a PSF console font, uncompressed (gunzip the .psf.gz files of /usr/share/consolefonts first)"
        )
    }

    static func truncated(_ font: String, at offset: Int, reading what: String, needs: Int, has: Int) -> Self {
        Self(
            kind: .truncated, font: font, offset: offset,
            problem: "the file ends in the \(what): it needs \(needs) bytes but has \(has)",
            remedy: "The file is cut short; copy or install the font again"
        )
    }

    static func badHeader(_ font: String, at offset: Int, _ problem: String) -> Self {
        Self(
            kind: .badHeader, font: font, offset: offset, problem: problem,
            remedy: "The header is damaged or this is not a console font; use another font"
        )
    }

    static func badUnicodeTable(_ font: String, at offset: Int, glyph: Int) -> Self {
        Self(
            kind: .badUnicodeTable, font: font, offset: offset,
            problem: "the Unicode table entry of glyph \(glyph) is not valid UTF-8",
            remedy: "The table is damaged; use another font, or rebuild this one with psfaddtable"
        )
    }
}
