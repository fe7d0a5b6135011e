// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("Source map")
struct SourceMapTests {
    static let text = """
        top = 1
        dotted.inner = "x"
        [search]
        match = "smart"
          "quoted key" = 2
        'literal' = 3
        "esc\\u0061ped" = 4
        text = \"\"\"
        fake = 1
        \"\"\"
        after = 5
        inline = { a = 1, b = 2 }
        [ spaced . "deep" ]
        x = 1
        [[many]]
        y = 1
        [[many]]
        y = 2
        """

    @Test(
        "Keys are found on their lines",
        arguments: [
            (["top"], 1), (["dotted"], 2), (["dotted", "inner"], 2), (["search"], 3), (["search", "match"], 4),
            (["search", "quoted key"], 5), (["search", "literal"], 6), (["search", "escaped"], 7),
            (["search", "text"], 8), (["search", "after"], 11), (["search", "inline"], 12),
            (["search", "inline", "b"], 12), (["spaced", "deep"], 13), (["spaced", "deep", "x"], 14),
            (["many"], 15), (["many", "y"], 16),
        ])
    func lineOfKey(path: [String], line: Int) {
        #expect(SourceMap(text: Self.text).line(of: path) == line)
    }

    @Test("Text inside a multi-line string is not a key")
    func multilineString() {
        let map = SourceMap(text: Self.text)
        #expect(map.line(of: ["search", "fake"]) == 3)
    }

    @Test("A key not written at all has no line")
    func missingKey() {
        #expect(SourceMap(text: Self.text).line(of: ["nothing"]) == nil)
    }

    @Test("Windows line ends count as one line")
    func crlf() {
        #expect(SourceMap(text: "a = 1\r\n[b]\r\nc = 2\r\n").line(of: ["b", "c"]) == 3)
    }
}
