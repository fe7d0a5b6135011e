// SPDX-License-Identifier: Apache-2.0

/// Where something is written in a TOML text: a 1-based line and a 1-based column, counted in
/// Unicode scalars from the start of the line, so that it matches what an editor shows.
public struct TOMLPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `3:7`.
    public var description: String { "\(line):\(column)" }
}
