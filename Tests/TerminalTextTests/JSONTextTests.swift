// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalText
import Testing

@Suite("JSON string literals")
struct JSONTextTests {
    @Test(
        arguments: [
            ("Fred", #""Fred""#),
            (#"say "hi" \ bye"#, #""say \"hi\" \\ bye""#),
            ("a\nb\rc\td", #""a\nb\rc\td""#),
            ("\u{0}\u{1F}", #""\u0000\u001f""#),
            ("Siobhán \u{7F} ☎", "\"Siobhán \u{7F} ☎\""),
        ])
    func quotesAndEscapes(text: String, literal: String) {
        #expect(JSONText.quoted(text) == literal)
    }

    /// Whatever the text, a JSON parser reads back exactly it.
    @Test(arguments: ["", "plain", "\u{0}\u{1}\u{2}\u{1B}[2J", "\"\\\"", "émoji 📞 and \u{2028}"])
    func aParserReadsTheTextBack(text: String) throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(JSONText.quoted(text).utf8), options: .fragmentsAllowed)
        #expect(parsed as? String == text)
    }
}
