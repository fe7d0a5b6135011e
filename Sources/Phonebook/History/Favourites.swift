// SPDX-License-Identifier: Apache-2.0

import ContactBook
import Foundation
import DialerConfig
import DialHistory
import T9Search

/// Which contacts rank first of all (`[history]` favourites: a CATEGORIES word, or names and
/// UIDs listed), found while the book is read, and the affinity the dial history gives the rest.
struct Favourites {
    private let rule: FavouriteRule
    /// The UID of every favourite found.
    private(set) var uids: Set<String> = []

    init(_ settings: HistorySettings) {
        rule = FavouriteRule(settings)
    }

    /// The rule a contact is a favourite by: applied while the book is read, on the threads
    /// that read it, and the UIDs it finds added with `add(_:)`.
    var isFavourite: FavouriteRule { rule }

    /// Notes favourites found with `isFavourite`.
    mutating func add(_ found: some Sequence<String>) { uids.formUnion(found) }

    /// Notes a contact kept from a book read before, without its `Contact`: a favourite then is
    /// one now (the settings do not change while t9dial runs).
    mutating func keep(_ uid: String, from previous: Set<String>) {
        if previous.contains(uid) { uids.insert(uid) }
    }

    /// Each contact's affinity, by its position in `contacts`: how often and how lately it was
    /// called, favourites above all. Empty (all equal) without a history.
    func affinity(from history: DialHistory?, contacts: ContactTable) -> [Double] {
        Self.affinity(favourites: uids, from: history, contacts: contacts)
    }

    /// The affinity of each contact of `contacts` with `favourites` (UIDs) first of all.
    static func affinity(favourites uids: Set<String>, from history: DialHistory?, contacts: ContactTable) -> [Double] {
        var scores: [String: Double] = [:]
        if let history, let fromHistory = try? history.affinity(favourites: uids) {
            scores = fromHistory
        } else if !uids.isEmpty {
            scores = Affinity().scores(dials: [], favourites: uids, now: Date())
        }
        guard !scores.isEmpty else { return [] }
        return contacts.indices.map { scores[contacts.uid(of: $0)] ?? 0 }
    }
}
