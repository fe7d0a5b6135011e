// SPDX-License-Identifier: Apache-2.0

import Testing
import TerminalText

@Suite("VisibleText")
struct VisibleTextTests {
    @Test(arguments: [
        ("Fred Smith", "Fred Smith"),
        ("", ""),
        ("Ánna 周秀英 🙂", "Ánna 周秀英 🙂"),
        // An OSC sequence that would retitle the terminal, ended by BEL.
        ("Bob\u{1B}]0;owned\u{07}", "Bob^[]0;owned^G"),
        // A CSI that would clear the screen.
        ("\u{1B}[2JEve", "^[[2JEve"),
        // A newline or carriage return would make two lines of one, or overwrite it.
        ("Ann\nBaker", "Ann^JBaker"),
        ("Ann\rBaker", "Ann^MBaker"),
        ("tab\there", "tab^Ihere"),
        ("nul\u{0}", "nul^@"),
        ("del\u{7F}", "del^?"),
        // C1 controls: the 8-bit CSI (U+009B) and OSC (U+009D).
        ("a\u{9B}2Jb", "a\\u{9b}2Jb"),
        ("a\u{9D}0;x\u{9C}", "a\\u{9d}0;x\\u{9c}"),
        // Latin-1 letters share the C1 controls' lead byte 0xC2 in UTF-8, and are kept.
        ("¡Hola! ©", "¡Hola! ©"),
    ])
    func lineShowsEveryControlCharacter(text: String, shown: String) {
        #expect(VisibleText.line(text) == shown)
        #expect(!VisibleText.line(text).unicodeScalars.contains(where: VisibleText.isControl))
    }

    /// The check that finds text to show reads eight bytes at a time: a control character is
    /// shown wherever it stands, in text of any length.
    @Test(arguments: ["\u{1B}", "\u{7F}", "\u{9B}"])
    func aControlCharacterIsShownWhereverItStands(control: String) {
        let shown = VisibleText.line(control)
        for length in 1...20 {
            for place in 0..<length {
                let text = String(repeating: "a", count: place) + control + String(repeating: "b", count: length - place - 1)
                let expected = String(repeating: "a", count: place) + shown + String(repeating: "b", count: length - place - 1)
                #expect(VisibleText.line(text) == expected)
                var bytes: [UInt8] = []
                var utf8 = text
                utf8.withUTF8 { VisibleText.append(utf8: $0, to: &bytes) }
                #expect(String(decoding: bytes, as: UTF8.self) == expected)
            }
        }
    }

    @Test func linesKeepTheBreaksBetweenLines() {
        #expect(VisibleText.lines("one\u{1B}\ntwo\n") == "one^[\ntwo\n")
    }

    @Test func substringsAreShownToo() {
        let text = "xx\u{7}yy"
        #expect(VisibleText.line(text.dropFirst()) == "x^Gyy")
    }
}
