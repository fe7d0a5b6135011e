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
    /// called, favourites above all (empty, all equal, without a history); and how much each of
    /// their numbers was called.
    func ranking(from history: DialHistory?, contacts: ContactTable) -> (affinity: [Double], numberCalls: NumberCalls) {
        Self.ranking(favourites: uids, from: history, contacts: contacts)
    }

    /// The affinity of each contact of `contacts` with `favourites` (UIDs) first of all, and the
    /// calls of each number, from one read of the history.
    static func ranking(favourites uids: Set<String>, from history: DialHistory?, contacts: ContactTable) -> (
        affinity: [Double], numberCalls: NumberCalls
    ) {
        var scores: [String: Double] = [:]
        var numberScores: [String: [String: Double]] = [:]
        let now = Date()
        if let history, let dials = try? history.allDials() {
            scores = Affinity().scores(dials: dials, favourites: uids, now: now)
            numberScores = Affinity().numberScores(dials: dials, now: now)
        } else if !uids.isEmpty {
            scores = Affinity().scores(dials: [], favourites: uids, now: now)
        }
        guard !scores.isEmpty else { return ([], NumberCalls()) }
        var calls: [Int: [Int: Double]] = [:]
        let affinity = contacts.indices.map { contact in
            let uid = contacts.uid(of: contact)
            if let called = numberScores[uid] { calls[contact] = numberPositions(called, of: contact, in: contacts) }
            return scores[uid] ?? 0
        }
        return (affinity, NumberCalls(calls))
    }

    /// `called` (numbers as dialled, with their scores) by the position of each among the
    /// contact's numbers: the same number written alike, or with the same digits and `+`
    /// (the book rewritten since the call). A number no longer in the contact counts for none.
    private static func numberPositions(_ called: [String: Double], of contact: Int, in contacts: ContactTable) -> [Int: Double] {
        func digits(_ text: some Sequence<UInt8>) -> [UInt8] {
            text.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") }
        }
        let dialled = called.map { (digits: digits($0.key.utf8), score: $0.value) }
        var positions: [Int: Double] = [:]
        contacts.withTexts(of: contact) { texts in
            for position in 0..<texts.numberCount {
                let number = digits(texts[.number(position)])
                let score = dialled.lazy.filter { $0.digits == number }.map(\.score).reduce(0, +)
                if score > 0 { positions[position] = score }
            }
        }
        return positions
    }
}
