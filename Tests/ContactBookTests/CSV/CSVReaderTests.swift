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

    @Test("fields and records", arguments: [
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

    @Test("an unclosed quote runs to the end of the input and is flagged")
    func unclosedQuote() {
        let parsed = records("a,b\n\"never closed,x\ny,z\n")
        #expect(parsed.count == 2)
        #expect(parsed[1].hasUnclosedQuote)
        #expect(parsed[1].fields == ["never closed,x\ny,z\n"])
        #expect(!parsed[0].hasUnclosedQuote)
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
