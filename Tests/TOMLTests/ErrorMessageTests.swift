// SPDX-License-Identifier: Apache-2.0

import TOML
import Testing

/// What each kind of mistake is called, and where.
@Suite("Error messages")
struct ErrorMessageTests {
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String

        init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
            self.text = text
            self.line = line
            self.column = column
            self.message = message
        }

        var description: String { String(reflecting: text) }
    }

    @Test(
        "Each mistake is named at its line and column",
        arguments: [
            Case("a = 1\na = 2", 2, 1, #""a" is set twice in its table; keep one of the two lines (the first is on line 1)"#),
            Case("[a]\n[a]", 2, 2, "[a] is defined twice; the first is on line 1, keep one of the two"),
            Case("[a]\nb.c = 1\n[a.b]", 3, 4, "[a.b] was already made by dotted keys on line 2"),
            Case("[a.b]\n[a]\nb.c = 1", 3, 1, #""b" is a table defined by a [header] on line 1; a dotted key cannot add to it"#),
            Case("[a.b.c]\n[a]\nb.d = 1\n[a.b]", 4, 4, "[a.b] was already made by dotted keys on line 3"),
            Case("a = {b = 1}\n[a.c]", 2, 2, #""a" is an inline table (line 1), which cannot be added to later"#),
            Case("a = {b = 1}\na.c = 2", 2, 1, #""a" is an inline table (line 1), which cannot be added to later"#),
            Case("a = []\n[[a]]", 2, 3, #""a" is already an array on line 1; [[a]] cannot add tables to it"#),
            Case("[[a]]\n[a]", 2, 2, "[a] is an array of tables ([[a]] on line 1); write [[a]] to add a table"),
            Case("a = 1\n[a.b]", 2, 2, #""a" is already an integer on line 1; it cannot also be a table"#),
            Case("a = ", 1, 5, "expected a value after '=', found the end of the file"),
            Case("a = 1 b = 2", 1, 7, "expected the end of the line, found 'b'"),
            Case("a b = 1", 1, 3, "expected '=' after the key a, found 'b'"),
            Case("= 1", 1, 1, "expected a key, found '='"),
            Case("a = \"x\n", 1, 7, #"a string in "double quotes" must close on its line"#),
            Case("a = \"\"\"x", 1, 5, #"this string is not closed: the file ends before its closing """"#),
            Case("a = \"\\q\"", 1, 6, "\\q is not an escape TOML knows"),
            Case("a = \"\\uD800\"", 1, 6, "U+D800 is not a Unicode scalar value"),
            Case("a = \"\u{7}\"", 1, 6, "a string cannot hold the control character U+0007; write it as \\u0007"),
            Case("# \u{0}", 1, 3, "a comment cannot hold the control character U+0000"),
            Case("a = 1\rb = 2", 1, 6, "a carriage return (U+000D) must be followed by a line feed"),
            Case("a = 0123", 1, 5, "0123 is not a valid integer: a decimal number cannot start with 0"),
            Case("a = 9223372036854775808", 1, 5, "9223372036854775808 is out of range"),
            Case("a = -0x1", 1, 5, "a hexadecimal, octal or binary integer cannot have a sign"),
            Case("a = 1__0", 1, 5, "an underscore must be between two digits"),
            Case("a = 0o8", 1, 5, "'8' is not an octal digit"),
            Case("a = 1.", 1, 5, "a decimal point must have digits after it"),
            Case("a = 1e", 1, 5, "an exponent must have digits"),
            Case("a = 2023-02-29", 1, 5, "month 2 of 2023 has days 01 to 28"),
            Case("a = 2023-13-01", 1, 5, "there is no month 13"),
            Case("a = 24:00:00", 1, 5, "24:00:00 is not a valid time"),
            Case("a = 1979-05-27T07:32", 1, 5, "the time is written HH:MM:SS"),
            Case("a = 1979-05-27T07:32:00+25:00", 1, 5, "an offset's hours are 00 to 23"),
            Case("a = yes", 1, 5, #"expected a value, found yes; a string is written in quotes, like "yes""#),
            Case("a = [1 2]", 1, 8, "expected ',' or ']' after an item of the array, found '2'"),
            Case("a = [1,,2]", 1, 8, "expected a value between two commas"),
            Case("a = [1,\n", 1, 5, "this array is not closed"),
            Case("a = {b = 1,}", 1, 12, "an inline table cannot have a comma after its last key"),
            Case("a = {b = 1\n}", 1, 11, "an inline table { … } must close on the line it starts on"),
            Case("[a\n", 1, 3, "expected ']' to close the [header] of a, found the end of the line"),
            Case("[[a]\n", 1, 4, "expected ']]' to close the [[header]] of a"),
            Case("\"\"\"a\"\"\" = 1", 1, 1, "a key cannot be a multi-line string"),
            Case("a = \"\"\"\"\"\"\"\"\"", 1, 13, "too many quotes"),
        ])
    func mistake(_ mistake: Case) {
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse(mistake.text) }
        #expect(error?.line == mistake.line, "\(String(describing: error))")
        #expect(error?.column == mistake.column, "\(String(describing: error))")
        #expect(error?.message.contains(mistake.message) == true, "\(String(describing: error))")
    }

    @Test("An error reads as its line, column and message")
    func description() {
        #expect(TOMLError(line: 3, column: 7, message: "a problem").description == "line 3, column 7: a problem")
    }
}
