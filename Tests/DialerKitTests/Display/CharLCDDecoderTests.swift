// SPDX-License-Identifier: Apache-2.0

import Testing

/// The decoder the LCD tests read the display's bytes with, checked against the examples the
/// kernel itself documents: parse_xy's table in drivers/auxdisplay/charlcd.c and the glyphs of
/// Documentation/admin-guide/lcd-panel-cgram.rst.
@Suite("The charlcd decoder of the tests")
struct CharLCDDecoderTests {
    static func decoded(_ text: String, width: Int = 16, height: Int = 2) -> CharLCDDecoder {
        var decoder = CharLCDDecoder(width: width, height: height)
        decoder.feed(Array(text.utf8))
        return decoder
    }

    @Test(
        "Cursor moves as parse_xy reads them, an invalid one dropped whole",
        arguments: [
            ("x1;", 1, 1), ("y0x2;", 2, 0), ("y1x12;", 12, 1), ("x12y0x5;", 5, 0),
            ("x;", 3, 1), ("xy1;", 3, 1), ("x1yy1;", 3, 1), ("x1z;", 3, 1),
        ]
    )
    func moves(command: String, x: Int, y: Int) {
        // From (3, 1), where "abc" after a newline leaves the cursor.
        let decoder = Self.decoded("\n" + "abc" + "\u{1B}[L" + command + "Z")
        let row = decoder.lines()[y]
        #expect(Array(row)[x] == "Z", "\(command): \(decoder.lines())")
    }

    @Test func theDocumentedGlyphsAreDefinedRowByRow() {
        let decoder = Self.decoded("\u{1B}[LG0010101050D1F0C04;\u{1B}[LG1040E1F0000000000;\u{1B}[LG60016051516141400;")
        #expect(decoder.glyphs[0] == [0x01, 0x01, 0x01, 0x05, 0x0D, 0x1F, 0x0C, 0x04])
        #expect(decoder.glyphs[1] == [0x04, 0x0E, 0x1F, 0x00, 0x00, 0x00, 0x00, 0x00])
        #expect(decoder.glyphs[6] == [0x00, 0x16, 0x05, 0x15, 0x16, 0x14, 0x14, 0x00])
        #expect(decoder.lines() == ["                ", "                "])
    }

    @Test func anIncompleteGlyphRedefinesOnlyItsCompleteRows() {
        let decoder = Self.decoded("\u{1B}[LG2FF1;")
        #expect(decoder.glyphs[2] == [0xFF, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func formFeedClearsNewlineBlanksTheRestAndWraps() {
        var decoder = Self.decoded("old text on top\nand below")
        // A newline blanks the rest of its own line, not of the next one.
        decoder.feed(Array("\u{0C}new\n\nx".utf8))
        #expect(decoder.lines() == ["xew             ", "                "])
        decoder.feed(Array("\rA\tB\u{08}".utf8))
        #expect(decoder.lines()[0] == "A               ")
    }

    @Test func theFlagsAndTheAnsiClearAndHome() {
        var decoder = Self.decoded("\u{1B}[Ld\u{1B}[Lc\u{1B}[Lb\u{1B}[L+hello\u{1B}[H J")
        #expect(!decoder.displayOn && !decoder.cursorOn && !decoder.blinkOn && decoder.backlightOn)
        #expect(decoder.lines()[0] == " Jllo           ")
        decoder.feed(Array("\u{1B}[2J\u{1B}[LD\u{1B}[L-".utf8))
        #expect(decoder.displayOn && !decoder.backlightOn)
        #expect(decoder.lines()[0] == "                ")
    }

    @Test func anUnknownSequenceSwallowsItsBytesUntilItIsTooLongOrANewlineEndsIt() {
        // The 24th byte after ESC is still the sequence's; the next one prints.
        var decoder = Self.decoded("\u{1B}[Q" + String(repeating: "a", count: 21) + "bc")
        #expect(decoder.lines()[0] == "c               ")
        decoder = Self.decoded("\u{1B}[Qabc\nd")
        #expect(decoder.lines() == ["                ", "d               "])
    }

    @Test func printsPastTheLineAreDropped() {
        let decoder = Self.decoded("0123456789abcdefXYZ")
        #expect(decoder.lines() == ["0123456789abcdef", "                "])
    }
}
