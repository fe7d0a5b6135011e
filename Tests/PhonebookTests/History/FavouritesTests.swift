// SPDX-License-Identifier: Apache-2.0

import DialHistory
import Foundation
import T9Search
import Testing
@testable import Phonebook

/// The ranking the dial history gives a book: which of a contact's numbers were called, found
/// among its numbers as written or by the same digits.
@Suite struct FavouritesTests {
    static let table = ContactTable([
        SearchableContact(
            names: [NameField("Fred Smith", kind: .displayName)], numbers: ["+44 7700 900123", "+44 (121) 496-0000"], uid: "fred"),
        SearchableContact(names: [NameField("Ann Baker", kind: .displayName)], numbers: ["020 7946 0018"], uid: "ann"),
    ])

    @Test func theNumbersCalledAreFoundAmongTheContactsNumbers() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("FavouritesTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let history = try DialHistory(path: directory + "/history.sqlite")
        // Written otherwise than the book writes it now: the same digits are the same number.
        try history.record(Dial(uid: "fred", number: "+44 121 496 0000", time: Date(), status: .placed))
        try history.record(Dial(uid: "fred", number: "+44 121 496 0000", time: Date(), status: .answered))
        // A number the contact no longer has, and a call that did not go through, count for none.
        try history.record(Dial(uid: "fred", number: "+44 20 7946 0999", time: Date(), status: .placed))
        try history.record(Dial(uid: "fred", number: "+44 7700 900123", time: Date(), status: .busy))

        let (affinity, calls) = Favourites.ranking(favourites: [], from: history, contacts: Self.table)
        #expect(affinity.count == 2)
        #expect(affinity[0] > affinity[1])
        #expect(calls.score(contact: 0, number: 1) > 1.9)
        #expect(calls.score(contact: 0, number: 0) == 0)
        #expect(calls.score(contact: 1, number: 0) == 0)
        let index = SearchIndex(table: Self.table, alphabet: T9Alphabet(layouts: []), numberCalls: calls)
        #expect(index.numberRows(of: 0) == [1, 0])
    }

    @Test func noHistoryRanksNothing() {
        let (affinity, calls) = Favourites.ranking(favourites: [], from: nil, contacts: Self.table)
        #expect(affinity.isEmpty)
        #expect(calls.isEmpty)
    }
}
