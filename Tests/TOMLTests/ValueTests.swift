// SPDX-License-Identifier: Apache-2.0

import TOML
import Testing

/// The values each form is read as.
@Suite("Values")
struct ValueTests {
    static func value(_ text: String) throws -> TOMLValue? {
        try TOMLParser.parse("v = " + text).value("v")
    }

    @Test(
        "Integers in every form",
        arguments: [
            ("0", 0), ("+17", 17), ("-17", -17), ("1_000", 1000), ("0xDEAD_beef", 0xDEAD_BEEF), ("0o755", 0o755), ("0b1101", 0b1101),
            ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min), ("-0", 0),
        ] as [(String, Int64)])
    func integer(text: String, value: Int64) throws {
        #expect(try Self.value(text) == .integer(value))
    }

    @Test(
        "Floats in every form",
        arguments: [
            ("1.0", 1.0), ("-3.5", -3.5), ("5e+22", 5e22), ("1E06", 1e6), ("-2E-2", -0.02), ("6.626e-34", 6.626e-34),
            ("9_224_617.445_991", 9_224_617.445_991), ("inf", .infinity), ("-inf", -.infinity), ("0e0", 0),
        ] as [(String, Double)])
    func float(text: String, value: Double) throws {
        #expect(try Self.value(text) == .float(value))
    }

    @Test func notANumber() throws {
        for text in ["nan", "+nan", "-nan"] {
            #expect(try Self.value(text)?.float?.isNaN == true)
        }
    }

    @Test(
        "Strings in every form",
        arguments: [
            (#""a\tb\u00E9\U0001F600""#, "a\tb\u{E9}\u{1F600}"), ("'C:\\path'", "C:\\path"),
            ("\"\"\"\nline one\nline two\"\"\"", "line one\nline two"), ("\"\"\"a \\\n   b\"\"\"", "a b"),
            ("'''\nraw \\n'''", "raw \\n"), ("\"\"\"\"\"x\"\"\"\"\"", "\"\"x\"\""), ("'''a\r\nb'''", "a\nb"),
        ])
    func string(text: String, value: String) throws {
        #expect(try Self.value(text) == .string(value))
    }

    @Test(
        "Dates and times keep what was written",
        arguments: [
            ("1979-05-27T07:32:00Z", "1979-05-27T07:32:00Z"), ("1979-05-27 00:32:00.999999-07:00", "1979-05-27T00:32:00.999999-07:00"),
            ("1979-05-27t07:32:00z", "1979-05-27T07:32:00Z"), ("1979-05-27T07:32:00", "1979-05-27T07:32:00"),
            ("2000-02-29", "2000-02-29"), ("07:32:00.5", "07:32:00.5"), ("1979-05-27T07:32:00+05:30", "1979-05-27T07:32:00+05:30"),
        ])
    func dateTime(text: String, written: String) throws {
        let description: String? =
            switch try Self.value(text) {
            case .offsetDateTime(let value)?: value.description
            case .localDateTime(let value)?: value.description
            case .localDate(let value)?: value.description
            case .localTime(let value)?: value.description
            default: nil
            }
        #expect(description == written)
    }

    @Test("A time's fraction is kept to the digit, and read in nanoseconds")
    func fraction() throws {
        let time = try #require(try Self.value("07:32:00.1234567891").flatMap { if case .localTime(let time) = $0 { time } else { nil } })
        #expect(time.fraction == "1234567891")
        #expect(time.nanosecond == 123_456_789)
    }

    @Test("Dotted keys add to a table that a header only named on the way, and headers go through dotted tables")
    func dottedKeysIntoImplicitTables() throws {
        let table = try TOMLParser.parse("[a.b.c]\nz = 9\n[a]\nb.d = 1\n[a.b.e]\ny = 2")
        let b = try #require(table.value("a")?.table?.value("b")?.table)
        #expect(b.keys == ["c", "d", "e"])
        #expect(b.value("d") == .integer(1))
    }

    @Test("Arrays mix types, and arrays of tables collect their tables")
    func arrays() throws {
        let table = try TOMLParser.parse("a = [1, 'two', [3], {four = 4}]\n[[t]]\nx = 1\n[[t]]\n[t.sub]\ny = 2")
        #expect(table.value("a")?.array?.count == 4)
        let tables = try #require(table.value("t")?.array)
        #expect(tables.count == 2)
        #expect(tables[1].value.table?.value("sub")?.table?.value("y") == .integer(2))
    }
}
