// SPDX-License-Identifier: Apache-2.0

/// A TOML table: its keys in the order they are first written, each with where the key and its
/// value are written.
///
/// Keys are compared as written, byte for byte in UTF-8: TOML does not normalise them, so `"é"`
/// written precomposed and written as `e` and a combining accent are two keys (Swift's `String`
/// equality would take them for one).
public struct TOMLTable: Sendable, Hashable {
    /// One key of a table and its value.
    public struct Entry: Sendable, Hashable {
        public var key: String
        /// Where the key is written. For a table, the last key of the `[header]` that defines
        /// it or of the first dotted key that adds to it, else of the first header that names it.
        public var keyPosition: TOMLPosition
        public var value: TOMLValue
        /// Where the value starts: its first character, or for a table the `[` of the header
        /// that defines it (or the key that first makes it).
        public var position: TOMLPosition

        public init(key: String, keyPosition: TOMLPosition, value: TOMLValue, position: TOMLPosition) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
            self.position = position
        }
    }

    /// The entries in the order their keys are first written.
    public private(set) var entries: [Entry]
    private var indexOfKey: [[UInt8]: Int]

    public init() {
        entries = []
        indexOfKey = [:]
    }

    /// A table of `entries`; a later entry with the key of an earlier one replaces it.
    public init(_ entries: [Entry]) {
        self.init()
        for entry in entries { self[entry.key] = entry }
    }

    /// The entry of `key`, nil when the table has none.
    public subscript(key: String) -> Entry? {
        get { indexOfKey[Array(key.utf8)].map { entries[$0] } }
        set {
            let bytes = Array(key.utf8)
            switch (indexOfKey[bytes], newValue) {
            case (let index?, let entry?): entries[index] = entry
            case (nil, let entry?):
                indexOfKey[bytes] = entries.count
                entries.append(entry)
            case (let index?, nil):
                entries.remove(at: index)
                indexOfKey[bytes] = nil
                for (later, entry) in entries.enumerated().dropFirst(index) { indexOfKey[Array(entry.key.utf8)] = later }
            case (nil, nil): break
            }
        }
    }

    /// The value of `key`, nil when the table has none.
    public func value(_ key: String) -> TOMLValue? { self[key]?.value }

    /// The keys in written order.
    public var keys: [String] { entries.map(\.key) }
    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
}
