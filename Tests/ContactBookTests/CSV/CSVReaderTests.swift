// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("CSV reader: RFC 4180 records")
struct CSVReaderTests {
    private func records(_ text: String) -> [CSVReader.Record] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, charset: .utf8)
            var records: [CSVReader.Record] = []
            while let record = reader.next() { records.append(record) }
            return records
        }
    }

    @Test(
        "fields and records",
        arguments: [
            ("a,b,c", [["a", "b", "c"]]),
            ("a,b\r\nc,d\r\n", [["a", "b"], ["c", "d"]]),
            ("a,b\nc,d", [["a", "b"], ["c", "d"]]),
            ("a,b\rc,d\r", [["a", "b"], ["c", "d"]]),
            (",,", [["", "", ""]]),
            ("\"Doe, John\",x", [["Doe, John", "x"]]),
            ("\"say \"\"hi\"\"\",x", [["say \"hi\"", "x"]]),
            ("\"two\r\nlines\",x\r\ny,z", [["two\nlines", "x"], ["y", "z"]]),
            ("\"\",\"\"", [["", ""]]),
            ("in\"side,x", [["in\"side", "x"]]),
            ("\"quoted\"tail,x", [["quotedtail", "x"]]),
        ])
    func parsing(text: String, expected: [[String]]) {
        #expect(records(text).map(\.fields) == expected)
    }

    @Test("each record knows the line it starts on, line breaks inside quotes counted")
    func lineNumbers() {
        let parsed = records("h1,h2\r\n\"multi\nline\nvalue\",x\r\nnext,row\r\n")
        #expect(parsed.map(\.line) == [1, 2, 5])
    }

    /// An unclosed quote once swallowed every later row into one field.
    @Test("an unclosed quote is flagged, its record read to its line's end, and the rows after it read")
    func unclosedQuote() {
        let parsed = records("a,b\n\"never closed,x\ny,z\n")
        #expect(parsed.map(\.fields) == [["a", "b"], ["\"never closed", "x"], ["y", "z"]])
        #expect(parsed.map(\.hasUnclosedQuote) == [false, true, false])
        #expect(parsed.map(\.line) == [1, 2, 3])
    }

    @Test("a quote that would run past 500 lines is taken as unclosed")
    func aQuoteOverTheLimitIsUnclosed() {
        let rows = (1...600).map { "r\($0),x" }.joined(separator: "\n")
        let parsed = records("a,b\n\"open,x\n" + rows + "\n\"closes,late\n")
        #expect(parsed[1].hasUnclosedQuote)
        #expect(parsed[2].fields == ["r1", "x"])
        #expect(parsed.count == 603)
        // A real multi-line field well inside the limits stays one field.
        #expect(records("a\n\"" + String(repeating: "line\n", count: 100) + "\"\n").map(\.fields.count) == [1, 1])
    }

    @Test("invalid UTF-8 is replaced and flagged")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("a,".utf8) + [0xFF] + Array("b\n".utf8)
        let record = bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, charset: .utf8)
            return reader.next()
        }
        #expect(record?.fields == ["a", "\u{FFFD}b"])
        #expect(record?.replacedInvalidBytes == true)
    }
}
