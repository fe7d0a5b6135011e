// SPDX-License-Identifier: Apache-2.0

/// TOML's rules on where a header or a key may put something (TOML 1.0, "Table", "Keys" and
/// "Array of Tables"): a key is set once, a table is defined once, a dotted key never adds to a
/// table a header defined, a header never names a table that dotted keys made, and
/// nothing adds to an inline table or to an array written as a value. `TableBuilder` explains
/// the kinds of table these turn on.
enum TableRules {
    /// Sets `key = value` in `table` (the current header's, or an inline table's), making the
    /// tables its dotted parts name.
    static func set(_ key: [KeyPart], to value: TOMLValue, at position: TOMLPosition, in table: TableBuilder) throws(TOMLError) {
        var current = table
        for (offset, part) in key.enumerated() {
            let isLast = offset == key.count - 1
            guard let existing = current.entry(part.bytes) else {
                if isLast {
                    current.add(.init(key: part.name, keyPosition: part.position, node: .value(value), position: position), bytes: part.bytes)
                    return
                }
                let inner = try makeTable(.dotted, inside: current, depth: current.depth + 1, at: part)
                current = inner
                continue
            }
            if isLast {
                throw TOMLError(
                    at: part.position,
                    "\(quotedKey(Parser.dotted(key))) is set twice in its table; keep one of the two lines (the first is on line \(existing.keyPosition.line))"
                )
            }
            if case .table(let inner) = existing.node, inner.kind == .dotted || inner.kind == .implicit {
                // A table no header has defined yet is open to dotted keys, and then counts as
                // theirs, defined where they first name it: no header may define it later.
                if inner.kind == .implicit {
                    inner.kind = .dotted
                    current.redefine(part.bytes, keyPosition: part.position, position: part.position)
                }
                current = inner
                continue
            }
            let path = Parser.dotted(key[...offset])
            switch existing.node {
            case .table:
                throw TOMLError(
                    at: part.position,
                    "\(quotedKey(path)) is a table defined by a [header] on line \(existing.keyPosition.line); "
                        + "a dotted key cannot add to it, write the key under that header")
            case .arrayOfTables:
                throw TOMLError(
                    at: part.position,
                    "\(quotedKey(path)) is an array of tables ([[\(path)]] on line \(existing.keyPosition.line)); a dotted key cannot add to it")
            case .value(.table):
                throw TOMLError(
                    at: part.position, "\(quotedKey(path)) is an inline table (line \(existing.keyPosition.line)), which cannot be added to later")
            case .value(let value):
                throw TOMLError(
                    at: part.position, "\(quotedKey(path)) is already \(describe(value)) on line \(existing.keyPosition.line); it cannot also be a table")
            }
        }
    }

    /// Finds or makes the table a `[header]` (`isArray` false) or a `[[header]]` (true)
    /// names, and gives the table the keys below it go into.
    static func openHeader(_ key: [KeyPart], isArray: Bool, headerPosition: TOMLPosition, in root: TableBuilder) throws(TOMLError) -> TableBuilder {
        var current = root
        for (offset, part) in key.dropLast().enumerated() {
            guard let existing = current.entry(part.bytes) else {
                current = try makeTable(.implicit, inside: current, depth: current.depth + 1, at: part)
                continue
            }
            switch existing.node {
            case .table(let inner): current = inner
            case .arrayOfTables(let array): current = array.last
            case .value(.table):
                throw TOMLError(
                    at: part.position,
                    "\(quotedKey(Parser.dotted(key[...offset]))) is an inline table (line \(existing.keyPosition.line)), which cannot be added to later")
            case .value(let value):
                throw TOMLError(
                    at: part.position,
                    "\(quotedKey(Parser.dotted(key[...offset]))) is already \(describe(value)) on line \(existing.keyPosition.line); it cannot also be a table")
            }
        }
        guard let last = key.last else { throw TOMLError(at: headerPosition, "a header must name a table") }
        let path = Parser.dotted(key)
        let existing = current.entry(last.bytes)
        if isArray {
            switch existing?.node {
            case nil:
                try checkDepth(current.depth + 2, at: last)
                let array = ArrayOfTablesBuilder(depth: current.depth + 2, position: headerPosition)
                current.add(.init(key: last.name, keyPosition: last.position, node: .arrayOfTables(array), position: headerPosition), bytes: last.bytes)
                return array.last
            case .arrayOfTables(let array)?:
                return array.append(position: headerPosition)
            case .table?:
                throw TOMLError(
                    at: last.position,
                    "[[\(path)]] names a table made on line \(existing?.keyPosition.line ?? 0); it cannot also be an array of tables")
            case .value(let value)?:
                throw TOMLError(
                    at: last.position,
                    "\(quotedKey(path)) is already \(describe(value)) on line \(existing?.keyPosition.line ?? 0); [[\(path)]] cannot add tables to it")
            }
        }
        switch existing?.node {
        case nil:
            return try makeTable(.header, inside: current, depth: current.depth + 1, at: last, position: headerPosition)
        case .table(let inner)?:
            switch inner.kind {
            case .implicit:
                inner.kind = .header
                current.redefine(last.bytes, keyPosition: last.position, position: headerPosition)
                return inner
            case .header:
                throw TOMLError(
                    at: last.position, "[\(path)] is defined twice; the first is on line \(existing?.keyPosition.line ?? 0), keep one of the two")
            case .dotted:
                throw TOMLError(
                    at: last.position,
                    "[\(path)] was already made by dotted keys on line \(existing?.keyPosition.line ?? 0); "
                        + "set its keys there, or only with a [header]")
            }
        case .arrayOfTables?:
            throw TOMLError(
                at: last.position, "[\(path)] is an array of tables ([[\(path)]] on line \(existing?.keyPosition.line ?? 0)); write [[\(path)]] to add a table")
        case .value(.table)?:
            throw TOMLError(
                at: last.position, "\(quotedKey(path)) is an inline table (line \(existing?.keyPosition.line ?? 0)), which cannot be defined again")
        case .value(let value)?:
            throw TOMLError(
                at: last.position, "\(quotedKey(path)) is already \(describe(value)) on line \(existing?.keyPosition.line ?? 0); it cannot also be a table")
        }
    }

    /// Adds an empty table of `kind` at `part` of `table`.
    private static func makeTable(
        _ kind: TableBuilder.Kind, inside table: TableBuilder, depth: Int, at part: KeyPart, position: TOMLPosition? = nil
    ) throws(TOMLError) -> TableBuilder {
        try checkDepth(depth, at: part)
        let inner = TableBuilder(kind: kind, depth: depth)
        table.add(.init(key: part.name, keyPosition: part.position, node: .table(inner), position: position ?? part.position), bytes: part.bytes)
        return inner
    }

    private static func checkDepth(_ depth: Int, at part: KeyPart) throws(TOMLError) {
        guard depth <= TOMLParser.maximumDepth else {
            throw TOMLError(at: part.position, "tables and arrays nest more than \(TOMLParser.maximumDepth) deep here, more than a TOML file here may")
        }
    }

    /// `"a.b"`: a key for messages, in quotes unless its first part already is.
    private static func quotedKey(_ dotted: String) -> String {
        dotted.hasPrefix("\"") ? dotted : "\"" + dotted + "\""
    }

    /// `a string`, `an array`: what a key holds, for messages.
    private static func describe(_ value: TOMLValue) -> String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .offsetDateTime, .localDateTime: "a date and time"
        case .localDate: "a date"
        case .localTime: "a time"
        case .array: "an array"
        case .table: "an inline table"
        }
    }
}
