// SPDX-License-Identifier: Apache-2.0

extension Parser {
    /// Reads the whole text: lines that are blank, a comment, a `[header]`, a `[[header]]` or a
    /// `key = value`, each optionally followed by a comment.
    mutating func parseDocument() throws(TOMLError) -> TOMLTable {
        try checkUTF8()
        let root = TableBuilder(kind: .header, depth: 0)
        var table = root
        while true {
            skipBlanks()
            switch current {
            case nil: return root.build()
            case .hash?: try skipComment()
            case .lineFeed?, .carriageReturn?: break
            case .openBracket?: table = try parseHeader(root: root)
            default: try parseKeyValue(into: table)
            }
            try finishLine()
        }
    }

    /// After what a line holds: blanks, an optional comment, then the end of the line or file.
    private mutating func finishLine() throws(TOMLError) {
        skipBlanks()
        if current == .hash { try skipComment() }
        switch current {
        case nil: return
        case .lineFeed?, .carriageReturn?: try consumeLineEnd()
        default:
            throw failure("expected the end of the line, found \(found); put each key = value and each [header] on a line of its own")
        }
    }

    /// Reads `[a.b]` or `[[a.b]]` from its `[` and gives the table the next keys go into.
    private mutating func parseHeader(root: TableBuilder) throws(TOMLError) -> TableBuilder {
        let position = here()
        let isArray = peek(1) == .openBracket
        index += isArray ? 2 : 1
        let key = try parseKey()
        if isArray {
            guard isAt("]]") else {
                throw failure("expected ']]' to close the [[header]] of \(Self.dotted(key)), found \(found)")
            }
            index += 2
        } else {
            guard current == .closeBracket else {
                throw failure("expected ']' to close the [header] of \(Self.dotted(key)), found \(found)")
            }
            index += 1
        }
        return try TableRules.openHeader(key, isArray: isArray, headerPosition: position, in: root)
    }
}
