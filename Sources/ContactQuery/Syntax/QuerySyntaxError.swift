// SPDX-License-Identifier: Apache-2.0

/// Why a query does not parse, and where: the column is 1-based and counts characters
/// (grapheme clusters) of the query, so it lines up with what the user typed. A column one past
/// the last character means the query ended too soon.
public struct QuerySyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var column: Int
    public var message: String

    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    public var description: String { "column \(column): \(message)" }

    /// Two lines: `query`, and a caret under the column. Tabs before the column are kept so the
    /// caret stays aligned in a terminal.
    public func pointer(in query: String) -> String {
        var caretLine = ""
        for character in query.prefix(max(column - 1, 0)) {
            caretLine.append(character == "\t" ? "\t" : " ")
        }
        return query + "\n" + caretLine + "^"
    }
}
