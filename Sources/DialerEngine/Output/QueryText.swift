// SPDX-License-Identifier: Apache-2.0

/// The query as the user typed it: digits and `+` in T9 mode, text in multi-tap mode, where
/// the letter still cycling under the key is kept apart so a display can mark it.
public struct QueryText: Sendable, Hashable {
    /// What is settled: the digits, or the committed letters.
    public var committed: String
    /// The multi-tap letter not yet committed, if any.
    public var pending: Character?

    public init(committed: String = "", pending: Character? = nil) {
        self.committed = committed
        self.pending = pending
    }

    /// The whole query, the pending letter included (what the search looks for).
    public var text: String {
        guard let pending else { return committed }
        return committed + String(pending)
    }

    public var isEmpty: Bool { committed.isEmpty && pending == nil }

    /// The most characters a query holds, in either mode: 64, the longest number t9dial
    /// dials (`DialNumber.maximumLength`) and far longer than any name typed. Keys past it
    /// are ignored, so a key held down for hours (or a recording of a million presses) cannot
    /// grow the query, the search and the screen without end.
    public static let maximumLength = 64
}
