// SPDX-License-Identifier: Apache-2.0

import TOML
import Testing

/// Hostile input gives an error, not a crash: nesting stops at `TOMLParser.maximumDepth`
/// however it is reached, and a deep input far past it is refused without recursing into it.
@Suite("Limits against hostile input")
struct LimitTests {
    static let depth = TOMLParser.maximumDepth

    @Test(
        "Nesting up to the limit parses, one deeper is an error",
        arguments: [
            { (depth: Int) in "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) },
            { (depth: Int) in "a = " + String(repeating: "{b = ", count: depth) + "1" + String(repeating: "}", count: depth) },
            { (depth: Int) in "[" + Array(repeating: "t", count: depth).joined(separator: ".") + "]" },
            { (depth: Int) in Array(repeating: "t", count: depth).joined(separator: ".") + " = 1" },
            { (depth: Int) in "[" + Array(repeating: "t", count: depth - 1).joined(separator: ".") + "]\nu = []" },
            { (depth: Int) in "[[" + Array(repeating: "t", count: depth - 1).joined(separator: ".") + "]]" },
        ] as [@Sendable (Int) -> String])
    func depthLimit(text: @Sendable (Int) -> String) throws {
        _ = try TOMLParser.parse(text(Self.depth))
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse(text(Self.depth + 1)) }
        #expect(error?.line ?? 0 >= 1)
        #expect(error?.message.contains("\(Self.depth)") == true, "\(String(describing: error))")
    }

    @Test("A header and a dotted key that together nest too deep are refused")
    func headerAndDottedKey() {
        let header = Array(repeating: "t", count: 100).joined(separator: ".")
        let key = Array(repeating: "k", count: 40).joined(separator: ".")
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse("[\(header)]\n\(key) = 1") }
        #expect(error?.line == 2)
    }

    @Test(
        "Input far deeper than the limit is an error at the first bracket past it",
        arguments: ["[", "{a=", "[{a=", "[[]"])
    func farTooDeep(unit: String) {
        let text = "a = " + String(repeating: unit, count: 100_000)
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse(text) }
        #expect(error?.line == 1)
    }

    @Test("A long flat file parses")
    func longFlatFile() throws {
        let items = Array(repeating: "1", count: 50_000).joined(separator: ",")
        let keys = (0..<5_000).map { "k\($0) = \"\($0)\"" }.joined(separator: "\n")
        let tables = String(repeating: "[[t]]\nx = 1\n", count: 5_000)
        let table = try TOMLParser.parse("a = [\(items)]\n\(keys)\n\(tables)")
        #expect(table.value("a")?.array?.count == 50_000)
        #expect(table.value("t")?.array?.count == 5_000)
        #expect(table.count == 5_002)
    }
}
