// SPDX-License-Identifier: Apache-2.0

extension Parser {
    /// Reads the value that starts at `index`. `depth` is the depth an array or inline table
    /// starting here would have; past `TOMLParser.maximumDepth` it is an error, which bounds the
    /// recursion through arrays and inline tables.
    mutating func parseValue(depth: Int) throws(TOMLError) -> TOMLValue {
        switch current {
        case .quote?:
            let text = isAt("\"\"\"") ? try parseMultilineBasicString() : try parseBasicString()
            return .string(String(decoding: text, as: UTF8.self))
        case .apostrophe?:
            let text = isAt("'''") ? try parseMultilineLiteralString() : try parseLiteralString()
            return .string(String(decoding: text, as: UTF8.self))
        case .openBracket?:
            try checkDepth(depth)
            return .array(try parseArray(depth: depth))
        case .openBrace?:
            try checkDepth(depth)
            return .table(try parseInlineTable(depth: depth))
        case nil, .lineFeed?, .carriageReturn?, .hash?:
            throw failure("expected a value after '=', found \(found); write a value on the same line, like key = \"text\" or key = 1")
        default:
            return try parseScalar()
        }
    }

    private mutating func checkDepth(_ depth: Int) throws(TOMLError) {
        guard depth <= TOMLParser.maximumDepth else {
            throw failure("arrays and tables nest more than \(TOMLParser.maximumDepth) deep here, more than a TOML file here may")
        }
    }

    /// Reads an array, `[1, 2, 3]`, from its `[`: items of any type, blanks, comments and line
    /// ends between them, a comma after the last one allowed.
    private mutating func parseArray(depth: Int) throws(TOMLError) -> [TOMLItem] {
        let start = here()
        index += 1
        var items: [TOMLItem] = []
        while true {
            try skipBlanksCommentsAndLineEnds()
            if current == .closeBracket {
                index += 1
                return items
            }
            guard current != nil else { throw TOMLError(at: start, "this array is not closed: the file ends before its ']'") }
            guard current != .comma else {
                throw failure(items.isEmpty ? "expected a value or ']' after '[', found ','" : "expected a value between two commas")
            }
            let position = here()
            items.append(TOMLItem(value: try parseValue(depth: depth + 1), position: position))
            try skipBlanksCommentsAndLineEnds()
            switch current {
            case .comma?: index += 1
            case .closeBracket?:
                index += 1
                return items
            case nil: throw TOMLError(at: start, "this array is not closed: the file ends before its ']'")
            default: throw failure("expected ',' or ']' after an item of the array, found \(found)")
            }
        }
    }

    /// Reads an inline table, `{ a = 1, b.c = 2 }`, from its `{`: on one line, with no comma
    /// after the last key. Dotted keys in it follow the rules of any table's.
    private mutating func parseInlineTable(depth: Int) throws(TOMLError) -> TOMLTable {
        index += 1
        let table = TableBuilder(kind: .dotted, depth: depth)
        skipBlanks()
        if current == .closeBrace {
            index += 1
            return table.build()
        }
        while true {
            try parseKeyValue(into: table)
            skipBlanks()
            switch current {
            case .comma?:
                index += 1
                skipBlanks()
                if current == .closeBrace {
                    throw failure("an inline table cannot have a comma after its last key; remove the ','")
                }
            case .closeBrace?:
                index += 1
                return table.build()
            case .lineFeed?, .carriageReturn?, nil, .hash?:
                throw failure("an inline table { … } must close on the line it starts on, found \(found); use a [table] for more keys")
            default:
                throw failure("expected ',' or '}' after a key and value of the inline table, found \(found)")
            }
        }
    }

    /// Reads `key = value` into `table`, which is the current `[header]`'s or an inline
    /// table's.
    mutating func parseKeyValue(into table: TableBuilder) throws(TOMLError) {
        let key = try parseKey()
        guard current == .equals else {
            throw failure("expected '=' after the key \(Self.dotted(key)), found \(found)")
        }
        index += 1
        skipBlanks()
        let position = here()
        let value = try parseValue(depth: table.depth + key.count)
        try TableRules.set(key, to: value, at: position, in: table)
    }
}
