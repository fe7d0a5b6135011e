// SPDX-License-Identifier: Apache-2.0

/// The `[history]` table of t9dial.toml: which contacts are favourites, ranked first of all,
/// and how many calls the dial history keeps.
public struct HistorySettings: Sendable, Hashable {
    /// A contact whose vCard CATEGORIES holds this word (case-insensitive) is a favourite.
    public var favouriteCategory: String?
    /// Contacts named here (by name as shown, or by UID) are favourites too.
    public var favourites: [String]
    /// The calls the dial history keeps, the newest; older ones are deleted as new ones come.
    public var keepCalls: Int

    /// What `keep_calls` may be: at least a hundred calls, so that ranking has something to
    /// learn from, at most a million (about 100 MB of history, read after every call).
    public static let keepCallsRange = 100...1_000_000

    public init(favouriteCategory: String? = "Favorites", favourites: [String] = [], keepCalls: Int = 10_000) {
        self.favouriteCategory = favouriteCategory
        self.favourites = favourites
        self.keepCalls = keepCalls
    }
}

extension HistorySettings {
    static let tableName = "history"
    static let keys = ["favourite_category", "favourites", "keep_calls"]

    init(reading table: TableReader) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)
        if let word = try table.string("favourite_category", example: #"favourite_category = "Favorites""#) {
            favouriteCategory = word.isEmpty ? nil : word
        }
        if let names = try table.strings("favourites", example: #"favourites = ["Mum", "Dr Jones"]"#) {
            favourites = names.filter { !$0.isEmpty }
        }
        keepCalls =
            try table.integer(
                "keep_calls", in: Self.keepCallsRange, example: "keep_calls = 10000", meaning: "how many calls the history keeps"
            ) ?? keepCalls
    }
}
