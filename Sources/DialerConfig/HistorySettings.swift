// SPDX-License-Identifier: Apache-2.0

/// The `[history]` table of t9dial.toml: which contacts are favourites, ranked first of all.
public struct HistorySettings: Sendable, Hashable {
    /// A contact whose vCard CATEGORIES holds this word (case-insensitive) is a favourite.
    public var favouriteCategory: String?
    /// Contacts named here (by name as shown, or by UID) are favourites too.
    public var favourites: [String]

    public init(favouriteCategory: String? = "Favorites", favourites: [String] = []) {
        self.favouriteCategory = favouriteCategory
        self.favourites = favourites
    }
}

extension HistorySettings {
    static let tableName = "history"
    static let keys = ["favourite_category", "favourites"]

    init(reading table: TableReader) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)
        if let word = try table.string("favourite_category", example: #"favourite_category = "Favorites""#) {
            favouriteCategory = word.isEmpty ? nil : word
        }
        if let names = try table.strings("favourites", example: #"favourites = ["Mum", "Dr Jones"]"#) {
            favourites = names.filter { !$0.isEmpty }
        }
    }
}
