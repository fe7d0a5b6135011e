// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ScreenRender

@Suite struct BitmapFontParseTests {
    /// "A" as an 8x4 glyph: a frame with a bar.
    static let letterA = PSFBytes.rows(
        """
        ..####..
        .#....#.
        .######.
        .#....#.
        """)

    @Test func psf1WithoutTableMapsCodePoints() throws {
        var glyphs = [[UInt8]](repeating: [0, 0, 0, 0], count: 256)
        glyphs[0x41] = Self.letterA
        let font = try BitmapFont.parse(PSFBytes.psf1(height: 4, glyphs: glyphs), name: "plain.psf")
        #expect(font.width == 8 && font.height == 4 && font.glyphCount == 256 && !font.hasUnicodeTable)
        let glyph = try #require(font.glyph(for: "A"))
        #expect(glyph.picture == "..####..\n.#....#.\n.######.\n.#....#.")
        #expect(glyph.isSet(2, 0) && !glyph.isSet(0, 0) && glyph.isSet(6, 3) && !glyph.isSet(7, 3))
        #expect(!glyph.isSet(8, 0) && !glyph.isSet(-1, 0) && !glyph.isSet(0, 4))
        #expect(font.glyphIndex(for: "\u{FF}") == 0xFF)
        #expect(font.glyph(for: "\u{100}") == nil)
    }

    @Test func psf1With512GlyphsAndTable() throws {
        var glyphs = [[UInt8]](repeating: [0, 0, 0, 0], count: 512)
        glyphs[300] = Self.letterA
        var table = [[UInt16]](repeating: [], count: 512)
        // Glyph 300 is "A", "Α" (Greek) and "А" (Cyrillic); a sequence for "A" + U+0301 is skipped.
        table[300] = [0x41, 0x391, 0x410, 0xFFFE, 0x41, 0x301]
        table[5] = [0xD800]  // a surrogate: no scalar, skipped
        let font = try BitmapFont.parse(PSFBytes.psf1(height: 4, glyphs: glyphs, count: 512, table: table), name: "uni.psf")
        #expect(font.glyphCount == 512 && font.hasUnicodeTable)
        for scalar: Unicode.Scalar in ["A", "\u{391}", "\u{410}"] {
            #expect(font.glyphIndex(for: scalar) == 300)
            #expect(font.glyph(for: scalar) == font.glyph(at: 300))
        }
        #expect(font.glyph(for: "\u{301}") == nil)
        #expect(font.glyph(for: "B") == nil)
    }

    @Test func psf2OfAnyWidthWithTable() throws {
        // 10 pixels wide: 2 bytes a row, the last 6 bits of each row unused.
        let wide: [UInt8] = [0b1100_0000, 0b0100_0000, 0b0000_0000, 0b1100_0000, 0xFF, 0xC0]
        let blank = [UInt8](repeating: 0, count: 6)
        let bytes = PSFBytes.psf2(
            width: 10, height: 3, glyphs: [blank, wide],
            table: [[" "], ["ж", "\u{1F600}", "e\u{301}"]], headerSize: 40, padding: 2
        )
        let font = try BitmapFont.parse(bytes, name: "wide.psf")
        #expect(font.width == 10 && font.height == 3 && font.glyphCount == 2)
        #expect(font.glyphIndex(for: "ж") == 1 && font.glyphIndex(for: "\u{1F600}") == 1)
        #expect(font.glyphIndex(for: "e") == nil)
        let glyph = try #require(font.glyph(for: "ж"))
        #expect(glyph.picture == "##.......#\n........##\n##########")
    }

    @Test func psf2WithoutTableMapsCodePoints() throws {
        let glyphs = (0..<300).map { [UInt8(truncatingIfNeeded: $0)] }
        let font = try BitmapFont.parse(PSFBytes.psf2(width: 8, height: 1, glyphs: glyphs), name: "raw.psf")
        #expect(font.glyphIndex(for: "a") == 0x61)
        #expect(font.glyph(for: "a")?.picture == ".##....#")
        // Only the first 256 glyphs stand for code points.
        #expect(font.glyph(for: "\u{101}") == nil)
    }

    @Test func replacementGlyphPrefersFFFDThenQuestionMarkThenABox() throws {
        let mark = PSFBytes.rows("#.......\n#.......")
        let question = PSFBytes.rows(".#......\n.#......")
        let blank: [UInt8] = [0, 0]
        let withBoth = try BitmapFont.parse(
            PSFBytes.psf2(width: 8, height: 2, glyphs: [blank, question, mark], table: [[" "], ["?"], ["\u{FFFD}"]]), name: "both")
        #expect(withBoth.replacementGlyph == withBoth.glyph(at: 2))
        let blankFFFD = try BitmapFont.parse(
            PSFBytes.psf2(width: 8, height: 2, glyphs: [question, blank], table: [["?"], ["\u{FFFD}"]]), name: "blank fffd")
        #expect(blankFFFD.replacementGlyph == blankFFFD.glyph(at: 0))
        let neither = try BitmapFont.parse(PSFBytes.psf2(width: 6, height: 6, glyphs: [[0, 0, 0, 0, 0, 0]], table: [["x"]]), name: "none")
        #expect(neither.replacementGlyph.picture == "......\n.####.\n.#..#.\n.#..#.\n.####.\n......")
    }

    struct BadFont: CustomTestStringConvertible, Sendable {
        let label: String
        let bytes: [UInt8]
        let kind: FontError.Kind
        let offset: Int
        var testDescription: String { label }
    }

    static let good2 = PSFBytes.psf2(width: 8, height: 2, glyphs: [[1, 2], [3, 4]], table: [["a"], ["b"]])

    static let badFonts: [BadFont] = [
        BadFont(label: "empty file", bytes: [], kind: .badMagic, offset: 0),
        BadFont(label: "a PNG", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], kind: .badMagic, offset: 0),
        BadFont(label: "gzip'd, not gunzipped", bytes: [0x1F, 0x8B, 0x08, 0x00], kind: .badMagic, offset: 0),
        BadFont(label: "half a PSF2 magic", bytes: [0x72, 0xB5], kind: .truncated, offset: 0),
        BadFont(label: "PSF1 header cut", bytes: [0x36, 0x04, 0x00], kind: .truncated, offset: 0),
        BadFont(label: "PSF1 glyphs cut", bytes: [0x36, 0x04, 0x00, 16] + [UInt8](repeating: 0, count: 100), kind: .truncated, offset: 4),
        BadFont(label: "PSF1 height 0", bytes: [0x36, 0x04, 0x00, 0], kind: .badHeader, offset: 3),
        BadFont(
            label: "PSF1 table cut",
            bytes: Array(PSFBytes.psf1(height: 1, glyphs: [], table: [[0x41]]).dropLast(3)), kind: .truncated, offset: 4 + 256 + 4 + 2 * 253
        ),
        BadFont(label: "PSF2 header cut", bytes: Array(good2.prefix(20)), kind: .truncated, offset: 0),
        BadFont(label: "PSF2 glyphs cut", bytes: Array(good2.prefix(34)), kind: .truncated, offset: 32),
        BadFont(label: "PSF2 table cut", bytes: Array(good2.dropLast()), kind: .truncated, offset: 32 + 4 + 3),
        BadFont(label: "PSF2 table not UTF-8", bytes: Array(good2.dropLast(4)) + [0xC3, 0x28, 0xFF, 0x62, 0xFF], kind: .badUnicodeTable, offset: 36),
        BadFont(
            label: "PSF2 charsize too small",
            bytes: PSFBytes.psf2(width: 8, height: 2, glyphs: [[1, 2]]).enumerated().map { $0.offset == 20 ? 1 : $0.element },
            kind: .badHeader, offset: 20
        ),
        BadFont(
            label: "PSF2 no glyphs", bytes: PSFBytes.psf2(width: 8, height: 2, glyphs: []), kind: .badHeader, offset: 16
        ),
        BadFont(
            label: "PSF2 header size 16",
            bytes: PSFBytes.psf2(width: 8, height: 2, glyphs: [[1, 2]]).enumerated().map { $0.offset == 8 ? 16 : $0.element },
            kind: .badHeader, offset: 8
        ),
    ]

    @Test(arguments: badFonts) func badFontsSayWhatAndWhere(_ bad: BadFont) {
        #expect {
            _ = try BitmapFont.parse(bad.bytes, name: "bad.psf")
        } throws: { error in
            guard let error = error as? FontError else { return false }
            #expect(error.kind == bad.kind)
            #expect(error.offset == bad.offset)
            #expect(error.font == "bad.psf")
            #expect(error.description.hasPrefix("bad.psf, byte \(bad.offset): "))
            #expect(!error.remedy.isEmpty)
            return true
        }
    }

    @Test func truncationSaysHowManyBytesWereMissing() {
        do {
            _ = try BitmapFont.parse(Array(Self.good2.prefix(34)), name: "cut.psf")
            Issue.record("a cut font parsed")
        } catch {
            #expect(error.kind == .truncated)
            #expect(error.problem.contains("needs 4 bytes but has 2"))
        }
    }
}
