// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialerConfig

/// Which contacts are favourites by the `[history]` settings: a contact whose CATEGORIES hold
/// the favourite word (in any case), or whose name as shown or UID is listed. Ranking
/// (``Favourites``) and the `starred` attribute of queries both ask this one rule.
struct FavouriteRule: Sendable {
    private let category: String?
    private let listed: Set<String>

    init(_ settings: HistorySettings) {
        category = settings.favouriteCategory?.lowercased()
        listed = Set(settings.favourites)
    }

    func includes(_ contact: Contact) -> Bool {
        let inCategory = category.map { word in contact.categories.contains { $0.lowercased() == word } } ?? false
        // Every contact read passes here: with nothing listed, no text is hashed.
        return inCategory || (!listed.isEmpty && (listed.contains(contact.displayName) || listed.contains(contact.uid)))
    }
}
