// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ScreenRender

/// Text on a canvas with a tiny 4x3 font whose glyphs are 3 pixels wide and a blank column.
@Suite struct TextDrawingTests {
    static let glyphs: [(String, String)] = [
        (" ", "....\n....\n...."),
        ("a", "##..\n#...\n##.."),
        ("b", ".#..\n###.\n.#.."),
        ("?", "###.\n..#.\n.#.."),
        ("\u{E9}", "..#.\n##..\n##.."),  // é, precomposed
        ("\u{2026}", "....\n....\n#.#."),
        (".", "....\n....\n.#.."),
    ]

    static func font(without excluded: Set<String> = []) throws -> BitmapFont {
        let kept = glyphs.filter { !excluded.contains($0.0) }
        let bytes = PSFBytes.psf2(width: 4, height: 3, glyphs: kept.map { PSFBytes.rows($0.1) }, table: kept.map { [$0.0] })
        return try BitmapFont.parse(bytes, name: "tiny")
    }

    static let ink = Color(0xFF0000)
    static let paper = Color(0x0000FF)

    /// The canvas as text: `#` for ink, `o` for background colour, `.` for untouched black.
    static func picture(_ canvas: Canvas) -> String {
        (0..<canvas.height).map { y in
            String(
                (0..<canvas.width).map { x in
                    switch canvas[x, y] {
                    case ink: "#";
                    case paper: "o";
                    default: "."
                    }
                })
        }.joined(separator: "\n")
    }

    @Test func drawsExactlyTheGlyphPixels() throws {
        var canvas = Canvas(width: 10, height: 5)
        let width = canvas.draw("ab", font: try Self.font(), at: 1, y: 1, color: Self.ink)
        #expect(width == 8)
        #expect(
            Self.picture(canvas) == """
                ..........
                .##...#...
                .#...###..
                .##...#...
                ..........
                """)
    }

    @Test func boldDrawsTwiceOnePixelApartAndKeepsTheWidth() throws {
        var canvas = Canvas(width: 9, height: 3)
        let width = canvas.draw("ab", font: try Self.font(), at: 0, y: 0, color: Self.ink, bold: true)
        #expect(width == 8)
        #expect(
            Self.picture(canvas) == """
                ###..##..
                ##..####.
                ###..##..
                """)
    }

    @Test func backgroundFillsTheCells() throws {
        var canvas = Canvas(width: 6, height: 4)
        canvas.draw("a", font: try Self.font(), at: 1, y: 0, color: Self.ink, background: Self.paper)
        #expect(
            Self.picture(canvas) == """
                .##oo.
                .#ooo.
                .##oo.
                ......
                """)
    }

    @Test func clipsAtEveryEdge() throws {
        let font = try Self.font()
        var canvas = Canvas(width: 3, height: 2)
        #expect(canvas.draw("ab", font: font, at: -1, y: -1, color: Self.ink, background: Self.paper) == 8)
        #expect(Self.picture(canvas) == "ooo\n#oo")
        #expect(canvas.draw("ab", font: font, at: 100, y: 100, color: Self.ink) == 8)
        #expect(canvas.draw("ab", font: font, at: -100, y: 0, color: Self.ink) == 8)
    }

    @Test func aMissingScalarDrawsTheReplacementGlyph() throws {
        let font = try Self.font()
        #expect(font.glyph(for: "周") == nil)
        #expect(font.replacementGlyph == font.glyph(for: "?"))
        var canvas = Canvas(width: 4, height: 3)
        #expect(canvas.draw("周", font: font, at: 0, y: 0, color: Self.ink) == 4)
        #expect(Self.picture(canvas) == "###.\n..#.\n.#..")
    }

    @Test func combiningMarksComposeOrDrawNothing() throws {
        let font = try Self.font()
        // "e" + acute composes to the font's "é", though the font has no "e".
        var composed = Canvas(width: 4, height: 3)
        #expect(composed.draw("e\u{301}", font: font, at: 0, y: 0, color: Self.ink) == 4)
        #expect(Self.picture(composed) == "..#.\n##..\n##..")
        // "a" + acute has no precomposed glyph here: the mark is dropped and "a" drawn.
        var folded = Canvas(width: 4, height: 3)
        #expect(folded.draw("a\u{301}", font: font, at: 0, y: 0, color: Self.ink) == 4)
        #expect(Self.picture(folded) == "##..\n#...\n##..")
        // Format characters and a mark with no letter before it take no room.
        #expect(font.width(of: "\u{301}a\u{200D}b\u{AD}") == 8)
    }

    struct OffsetCase: Sendable, CustomTestStringConvertible {
        let text: String
        let offsets: [Int]
        var testDescription: String { text.unicodeScalars.map { "U+" + String($0.value, radix: 16) }.joined(separator: " ") }
    }

    @Test(arguments: [
        OffsetCase(text: "", offsets: [0]),
        OffsetCase(text: "ab", offsets: [0, 4, 8]),
        OffsetCase(text: "a\u{301}b", offsets: [0, 4, 4, 8]),
        OffsetCase(text: "\u{301}ab", offsets: [0, 0, 4, 8]),
        OffsetCase(text: "ab\u{301}\u{302}", offsets: [0, 4, 8, 8, 8]),
        OffsetCase(text: "a周b", offsets: [0, 4, 8, 12]),
    ])
    func xOffsetsPlaceEveryScalar(_ example: OffsetCase) throws {
        let font = try Self.font()
        #expect(font.xOffsets(of: example.text) == example.offsets)
        #expect(font.width(of: example.text) == example.offsets.last)
    }

    struct FitCase: Sendable, CustomTestStringConvertible {
        let text: String
        let width: Int
        let fitted: String
        let cut: Bool
        var testDescription: String { "\(text) in \(width)" }
    }

    @Test(arguments: [
        FitCase(text: "abab", width: 16, fitted: "abab", cut: false),
        FitCase(text: "abab", width: 15, fitted: "ab\u{2026}", cut: true),
        FitCase(text: "abab", width: 12, fitted: "ab\u{2026}", cut: true),
        FitCase(text: "abab", width: 11, fitted: "a\u{2026}", cut: true),
        FitCase(text: "a bab", width: 12, fitted: "a\u{2026}", cut: true),
        FitCase(text: "a\u{301}bab", width: 12, fitted: "a\u{301}b\u{2026}", cut: true),
        FitCase(text: "abab", width: 4, fitted: "\u{2026}", cut: true),
        FitCase(text: "abab", width: 3, fitted: "", cut: true),
        FitCase(text: "", width: 0, fitted: "", cut: false),
    ])
    func fitCutsWithAnEllipsis(_ example: FitCase) throws {
        let font = try Self.font()
        let (fitted, cut) = font.fit(example.text, width: example.width)
        #expect(fitted == example.fitted)
        #expect(cut == example.cut)
        #expect(font.width(of: fitted) <= max(0, example.width))
    }

    @Test func fitUsesThreeDotsWithoutAnEllipsisGlyph() throws {
        let font = try Self.font(without: ["\u{2026}"])
        #expect(font.ellipsis == "...")
        #expect(font.fit("ababab", width: 20) == ("ab...", true))
    }
}
