// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("Text charsets")
struct TextCharsetTests {
    private func charset(_ name: String) -> TextCharset? {
        Array(name.utf8).withUnsafeBufferPointer { TextCharset(name: $0) }
    }

    private func decode(_ bytes: [UInt8], _ charset: TextCharset) -> (String, Bool) {
        bytes.withUnsafeBufferPointer { charset.decode($0) }
    }

    @Test(
        "names, ignoring case, dashes and underscores",
        arguments: [
            ("UTF-8", TextCharset?.some(.utf8)), ("utf8", .utf8), ("US-ASCII", .utf8),
            ("ISO-8859-1", .windows1252), ("iso_8859-1", .windows1252), ("latin1", .windows1252),
            ("Windows-1252", .windows1252), ("CP1252", .windows1252),
            ("Shift_JIS", .foundation(.shiftJIS)), ("windows-1251", .foundation(.windowsCP1251)),
            ("KOI8-R", nil), ("", nil),
        ])
    func names(name: String, expected: TextCharset?) {
        #expect(charset(name) == expected)
    }

    @Test("Windows-1252 letters in 0x80–0x9F and Latin-1 above")
    func windows1252() {
        let (text, replaced) = decode([0x80, 0x8A, 0x9C, 0xC5, 0xE9, 0xFF, 0x41], .windows1252)
        #expect(text == "€ŠœÅéÿA")
        #expect(!replaced)
    }
}
