// SPDX-License-Identifier: Apache-2.0

import Foundation
import TOML
import Testing

/// The conformance comparison itself: it must see a wrong value, type, key or length, and take
/// only what toml-test takes as the same.
@Suite("toml-test's JSON comparison")
struct TaggedJSONTests {
    static func tagged(_ type: String, _ value: String) -> [String: Any] { ["type": type, "value": value] }

    @Test(
        "Values toml-test takes as the same",
        arguments: [
            ("float", "1e3", "1000.0"), ("float", "nan", "nan"), ("float", "+nan", "nan"), ("float", "+inf", "inf"),
            ("datetime", "1987-07-05 17:45:00z", "1987-07-05T17:45:00Z"), ("datetime", "1987-07-05T17:45:00+00:00", "1987-07-05T17:45:00Z"),
            ("time-local", "07:32:00.500", "07:32:00.5"), ("datetime-local", "1979-05-27T00:32:00.0", "1979-05-27T00:32:00"),
        ])
    func same(type: String, expected: String, actual: String) {
        #expect(TaggedJSON.difference(expected: Self.tagged(type, expected), actual: Self.tagged(type, actual)) == nil)
    }

    @Test("Differences are found and placed")
    func differences() {
        let expected: [String: Any] = ["a": [Self.tagged("integer", "1"), Self.tagged("float", "1.5")], "b": ["c": Self.tagged("string", "x")]]
        let cases: [[String: Any]] = [
            ["a": [Self.tagged("integer", "1"), Self.tagged("float", "1.25")], "b": ["c": Self.tagged("string", "x")]],
            ["a": [Self.tagged("integer", "1"), Self.tagged("integer", "1")], "b": ["c": Self.tagged("string", "x")]],
            ["a": [Self.tagged("integer", "1")], "b": ["c": Self.tagged("string", "x")]],
            ["a": [Self.tagged("integer", "1"), Self.tagged("float", "1.5")], "b": ["d": Self.tagged("string", "x")]],
            ["a": [Self.tagged("integer", "1"), Self.tagged("float", "1.5")], "b": ["c": Self.tagged("string", "x")], "e": [Any]()],
            ["a": [Self.tagged("integer", "1"), Self.tagged("float", "1.5")], "b": ["c": Self.tagged("string", "x ")]],
        ]
        for actual in cases {
            #expect(TaggedJSON.difference(expected: expected, actual: actual) != nil, "\(actual)")
        }
        #expect(TaggedJSON.difference(expected: expected, actual: expected) == nil)
    }

    @Test("A parsed table is tagged as toml-test writes it")
    func tagging() throws {
        let table = try TOMLParser.parse("i = 1\nf = -inf\nd = 1979-05-27\nt = [true]\n[s]\nx = 'y'")
        let expected: [String: Any] = [
            "i": Self.tagged("integer", "1"), "f": Self.tagged("float", "-inf"), "d": Self.tagged("date-local", "1979-05-27"),
            "t": [Self.tagged("bool", "true")], "s": ["x": Self.tagged("string", "y")],
        ]
        #expect(TaggedJSON.difference(expected: expected, actual: TaggedJSON.tagged(table)) == nil)
    }
}
