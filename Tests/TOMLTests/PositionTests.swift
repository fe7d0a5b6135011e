// SPDX-License-Identifier: Apache-2.0

import TOML
import Testing

/// Every key and value carries the line and column it is written at, columns counted in
/// Unicode scalars, and tables keep their keys in written order.
@Suite("Positions of keys and values")
struct PositionTests {
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
        x = [1,
           22]
        [[many]]
        y = 1
        [[many]]
        y = 2
        """

    static func table() throws -> TOMLTable { try TOMLParser.parse(text) }

    /// The entry at `path`, going into the last table of an array of tables.
    static func entry(_ path: [String], in table: TOMLTable) -> TOMLTable.Entry? {
        var table = table
        for key in path.dropLast() {
            switch table.value(key) {
            case .table(let inner)?: table = inner
            case .array(let items)?:
                guard let inner = items.last?.value.table else { return nil }
                table = inner
            default: return nil
            }
        }
        return path.last.flatMap { table[$0] }
    }

    @Test(
        "Keys are at their lines and columns, values where they start",
        arguments: [
            (["top"], 1, 1, 1, 7), (["dotted"], 2, 1, 2, 1), (["dotted", "inner"], 2, 8, 2, 16), (["search"], 3, 2, 3, 1),
            (["search", "match"], 4, 1, 4, 9), (["search", "quoted key"], 5, 3, 5, 18), (["search", "literal"], 6, 1, 6, 13),
            (["search", "escaped"], 7, 1, 7, 18), (["search", "text"], 8, 1, 8, 8), (["search", "after"], 11, 1, 11, 9),
            (["search", "inline"], 12, 1, 12, 10), (["search", "inline", "b"], 12, 19, 12, 23), (["spaced"], 13, 3, 13, 3),
            (["spaced", "deep"], 13, 12, 13, 1), (["spaced", "deep", "x"], 14, 1, 14, 5), (["many"], 16, 3, 16, 1),
            (["many", "y"], 19, 1, 19, 5),
        ])
    func position(path: [String], keyLine: Int, keyColumn: Int, valueLine: Int, valueColumn: Int) throws {
        let entry = try #require(Self.entry(path, in: try Self.table()))
        #expect(entry.keyPosition == TOMLPosition(line: keyLine, column: keyColumn))
        #expect(entry.position == TOMLPosition(line: valueLine, column: valueColumn))
    }

    @Test("Items of an array carry their own positions")
    func arrayItems() throws {
        let items = try #require(Self.entry(["spaced", "deep", "x"], in: try Self.table())?.value.array)
        #expect(items.map(\.position) == [TOMLPosition(line: 14, column: 6), TOMLPosition(line: 15, column: 4)])
        let many = try #require(try Self.table().value("many")?.array)
        #expect(many.map(\.position.line) == [16, 18])
    }

    @Test("Keys are kept in the order they are first written")
    func writtenOrder() throws {
        #expect(try Self.table().keys == ["top", "dotted", "search", "spaced", "many"])
        let search = try #require(try Self.table().value("search")?.table)
        #expect(search.keys == ["match", "quoted key", "literal", "escaped", "text", "after", "inline"])
        #expect(try TOMLParser.parse("z = 1\na = 2\nm = 3").keys == ["z", "a", "m"])
    }

    @Test("Text inside a multi-line string is no key")
    func multilineString() throws {
        let search = try #require(try Self.table().value("search")?.table)
        #expect(search["fake"] == nil)
        #expect(search.value("text") == .string("fake = 1\n"))
    }

    @Test("Columns count characters, not bytes")
    func columnsInScalars() throws {
        let table = try TOMLParser.parse("\"é€😀\" = 1\nb = [\"ü\", 2]")
        #expect(table["é€😀"]?.position == TOMLPosition(line: 1, column: 9))
        #expect(table.value("b")?.array?.map(\.position.column) == [6, 11])
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse("a = \"ü\" x") }
        #expect(error?.column == 9)
    }

    @Test("Windows line ends count as one line")
    func crlf() throws {
        let table = try TOMLParser.parse("a = 1\r\n[b]\r\nc = 2\r\n")
        #expect(table.value("b")?.table?["c"]?.keyPosition == TOMLPosition(line: 3, column: 1))
    }

    @Test("A table made by a later header is where that header is")
    func implicitTableDefinedLater() throws {
        let table = try TOMLParser.parse("[a.b]\nx = 1\n[a]\ny = 2")
        #expect(table["a"]?.keyPosition == TOMLPosition(line: 3, column: 2))
        #expect(table.value("a")?.table?.keys == ["b", "y"])
    }

    @Test("A byte order mark is skipped, and columns start after it")
    func byteOrderMark() throws {
        let table = try TOMLParser.parse([0xEF, 0xBB, 0xBF] + Array("a = 1".utf8))
        #expect(table["a"]?.keyPosition == TOMLPosition(line: 1, column: 1))
    }
}
