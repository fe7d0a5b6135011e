// SPDX-License-Identifier: Apache-2.0

/// A table while the document is being read. Tables are built as objects so that a header or a
/// dotted key far down the file can add to a table in place, and turned into `TOMLTable` values
/// once the document is read.
///
/// Each table remembers how it was made, which is what TOML's rules on defining things twice
/// turn on:
/// - `implicit`: made because a header named a table inside it (`[a.b]` makes `a`); a header
///   of its own may still define it, once, or dotted keys add to it, which makes it `dotted`;
/// - `header`: defined by a `[header]` (or an element of an array of tables): no header may
///   define it again, and no dotted key from outside may add to it;
/// - `dotted`: made by a dotted key (`a.b = 1` makes `a`): more dotted keys of the same table
///   may add to it, and headers may define tables inside it, but never name it.
/// Inline tables are values (`TOMLValue.table`) as soon as they close, so nothing can add to
/// them.
final class TableBuilder {
    enum Kind {
        case implicit, header, dotted
    }

    /// What a key of a table holds while the document is read.
    enum Node {
        case value(TOMLValue)
        case table(TableBuilder)
        case arrayOfTables(ArrayOfTablesBuilder)
    }

    struct Entry {
        var key: String
        var keyPosition: TOMLPosition
        var node: Node
        var position: TOMLPosition
    }

    var kind: Kind
    /// How many tables and arrays hold this one; 0 for the top level.
    let depth: Int
    private(set) var entries: [Entry] = []
    private var indexOfKey: [[UInt8]: Int] = [:]

    init(kind: Kind, depth: Int) {
        self.kind = kind
        self.depth = depth
    }

    /// The entry of `key` (its UTF-8 bytes), nil when there is none.
    func entry(_ key: [UInt8]) -> Entry? { indexOfKey[key].map { entries[$0] } }

    /// Adds `entry`, whose key the table must not have yet.
    func add(_ entry: Entry, bytes: [UInt8]) {
        indexOfKey[bytes] = entries.count
        entries.append(entry)
    }

    /// Moves the positions of the entry of `key` to where a header, or the first dotted key,
    /// defines the table it holds.
    func redefine(_ key: [UInt8], keyPosition: TOMLPosition, position: TOMLPosition) {
        guard let index = indexOfKey[key] else { return }
        entries[index].keyPosition = keyPosition
        entries[index].position = position
    }

    /// The finished table. The recursion is bounded by `TOMLParser.maximumDepth`, which the
    /// parser checks before it makes a deeper table.
    func build() -> TOMLTable {
        var table = TOMLTable()
        for entry in entries {
            let value: TOMLValue
            switch entry.node {
            case .value(let written): value = written
            case .table(let builder): value = .table(builder.build())
            case .arrayOfTables(let array):
                value = .array(array.elements.map { TOMLItem(value: .table($0.table.build()), position: $0.position) })
            }
            table[entry.key] = TOMLTable.Entry(key: entry.key, keyPosition: entry.keyPosition, value: value, position: entry.position)
        }
        return table
    }
}

/// An array made by `[[header]]`s, which later `[[header]]`s add to. It is made with its first
/// table, so it always has a last one.
final class ArrayOfTablesBuilder {
    private(set) var elements: [(table: TableBuilder, position: TOMLPosition)]
    /// The table the latest `[[header]]` made: the one later headers and keys go into.
    private(set) var last: TableBuilder

    /// An array holding one empty table of `depth`, defined at `position`.
    init(depth: Int, position: TOMLPosition) {
        last = TableBuilder(kind: .header, depth: depth)
        elements = [(last, position)]
    }

    /// Adds an empty table defined at `position`, and returns it.
    func append(position: TOMLPosition) -> TableBuilder {
        last = TableBuilder(kind: .header, depth: last.depth)
        elements.append((last, position))
        return last
    }
}
