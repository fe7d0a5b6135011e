// SPDX-License-Identifier: Apache-2.0

import Telephony
import Testing

@Suite("Lines from a modem, whatever it sends")
struct ModemLineReaderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The bytes, as the reads bring them.
        var reads: [[UInt8]]
        var items: [ModemLineReader.Item]
        var limit = 16

        var testDescription: String { name }
    }

    static func text(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let cases: [Case] = [
        Case(name: "result codes framed in CR LF", reads: [text("\r\nOK\r\n\r\nRING\r\n")], items: [.line("OK"), .line("RING")]),
        Case(name: "an echo ended by CR alone", reads: [text("ATD123;\r\r\nOK\r\n")], items: [.line("ATD123;"), .line("OK")]),
        Case(name: "a line cut across reads", reads: [text("+CLCC: 1,0"), text(",3,0,0\r"), text("\n")], items: [.line("+CLCC: 1,0,3,0,0")]),
        Case(name: "a line not ended yet is kept", reads: [text("NO CARR")], items: []),
        Case(name: "control characters and DEL are dropped", reads: [[0, 7, 79, 27, 75, 127, 13]], items: [.line("OK")]),
        Case(name: "a tab is a space", reads: [text("+CLIP:\t\"1\"\n")], items: [.line("+CLIP: \"1\"")]),
        Case(name: "bytes that are not UTF-8 are shown as U+FFFD", reads: [[0xFF, 0x4F, 0x4B, 10]], items: [.line("\u{FFFD}OK")]),
        Case(
            name: "an overlong line is dropped whole and counted", reads: [text("0123456789abcdef"), text("XYZ\r\nOK\r\n")],
            items: [.overlong(bytes: 19), .line("OK")]),
        Case(name: "a line of exactly the limit is kept", reads: [text("0123456789abcdef\n")], items: [.line("0123456789abcdef")]),
        Case(name: "junk with no line end never grows past the limit", reads: Array(repeating: text("junkjunk"), count: 100), items: []),
    ]

    @Test(arguments: cases)
    func splits(_ test: Case) {
        var reader = ModemLineReader(limit: test.limit)
        var items: [ModemLineReader.Item] = []
        for read in test.reads { items += reader.append(read) }
        #expect(items == test.items)
    }

    @Test func junkWithNoLineEndEndsAsOneOverlongLine() {
        var reader = ModemLineReader(limit: 16)
        for _ in 0..<100 { #expect(reader.append(Self.text("junkjunk")).isEmpty) }
        #expect(reader.append([13]) == [.overlong(bytes: 800)])
        #expect(reader.append(Self.text("OK\n")) == [.line("OK")])
    }
}
