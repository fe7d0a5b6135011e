// SPDX-License-Identifier: Apache-2.0

/// Why a TOML text is not valid TOML 1.0, and where: the line and column of the first problem
/// found, and a message in plain English that says what is wrong there and, where it can, what
/// to write instead. Every way a text can fail is one of these; the parser never traps.
public struct TOMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, in Unicode scalars.
    public var column: Int
    /// What is wrong, without the position: "the key "a" is already set on line 2".
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    init(at position: TOMLPosition, _ message: String) {
        self.init(line: position.line, column: position.column, message: message)
    }

    public var position: TOMLPosition { TOMLPosition(line: line, column: column) }

    /// `line 3, column 7: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
