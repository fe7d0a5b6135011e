// SPDX-License-Identifier: Apache-2.0

import ContactBook
import ContactQuery
import DialerConfig
@testable import Phonebook
import DialHistory
import DialOutcomes
import Foundation
import TestFixtures
import Testing

/// Query records made from a vCard file and a real dial history file: the card's fields, the
/// calls made that went through counted, and the `[history]` favourites starred.
@Suite("Query records")
struct QueryRecordsTests {
    static let book = """
        BEGIN:VCARD
        VERSION:3.0
        UID:ann
        N:Smith;Ann;;;
        FN:Ann Smith
        NICKNAME:Annie
        ORG:Acme Ltd
        TEL;TYPE=CELL:+44 7700 900123
        TEL;TYPE=HOME:020 7946 0018
        EMAIL:ann@example.com
        CATEGORIES:Work,Favorites
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        UID:bob
        FN:Bob Baker
        TEL;TYPE=CELL:07700 900456
        CATEGORIES:Family
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        UID:carol
        N:Jones;Carol;;;
        FN:Carol Jones
        TEL;TYPE=WORK:+1 201-555-0123
        END:VCARD

        """

    /// The contacts of `book`, read from a file as `--contacts` reads it.
    static func contacts(in directory: String) throws -> [Contact] {
        try ContactSources.load(paths: [TestFiles.write(book, to: directory + "/book.vcf")]).contacts
    }

    /// Records of `book` with the dials recorded in a history file of `directory`.
    static func records(dials: [Dial], favourites: HistorySettings = HistorySettings(), in directory: String) throws -> [String: QueryRecord] {
        let history = try DialHistory(path: directory + "/t9dial.sqlite")
        for dial in dials { try history.record(dial) }
        let maker = QueryRecords(dials: try history.allDials(), favourites: favourites)
        let records = try contacts(in: directory).map(maker.record(for:))
        return Dictionary(uniqueKeysWithValues: records.map { ($0.uid, $0) })
    }

    static func dial(_ uid: String?, at seconds: Double, _ status: Dial.Status, direction: CallDirection = .outgoing) -> Dial {
        Dial(uid: uid, number: "+44 7700 900123", time: Date(timeIntervalSince1970: seconds), status: status, direction: direction)
    }

    @Test func theCardsFieldsAreTheTextAttributes() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let records = try Self.records(dials: [], in: directory)
            let ann = try #require(records["ann"])
            #expect(ann.displayName == "Ann Smith")
            #expect(ann.givenName == "Ann")
            #expect(ann.familyName == "Smith")
            #expect(ann.nicknames == ["Annie"])
            #expect(ann.organization == "Acme Ltd")
            #expect(ann.phoneNumbers == ["+44 7700 900123", "020 7946 0018"])
            #expect(ann.emailAddresses == ["ann@example.com"])
            // A card with no N and no ORG has no given name, family name nor organization.
            let bob = try #require(records["bob"])
            #expect(bob.givenName == nil)
            #expect(bob.familyName == nil)
            #expect(bob.organization == nil)
            #expect(bob.phoneNumbers == ["07700 900456"])
            #expect(bob.emailAddresses.isEmpty)
        }
    }

    struct Counted: Sendable, CustomTestStringConvertible {
        var uid: String
        var times: Int
        var last: Double?
        var testDescription: String { uid }
    }

    /// Ann: a placed dial and an answered call, then a failed, a cancelled, a busy one and an
    /// answered call that came in after them. Bob: failed and no answer only. A typed number
    /// (no UID) counts for no one; Carol was never dialled.
    static let dials: [Dial] = [
        dial("ann", at: 1_000, .placed),
        dial("bob", at: 2_000, .failed),
        dial("ann", at: 3_000, .answered),
        dial(nil, at: 4_000, .placed),
        dial("ann", at: 5_000, .failed),
        dial("ann", at: 6_000, .cancelled),
        dial("ann", at: 7_000, .busy),
        dial("ann", at: 8_000, .answered, direction: .incoming),
        dial("bob", at: 9_000, .noAnswer),
    ]

    @Test(arguments: [
        Counted(uid: "ann", times: 2, last: 3_000),
        Counted(uid: "bob", times: 0, last: nil),
        Counted(uid: "carol", times: 0, last: nil),
    ])
    func onlyCallsMadeThatWentThroughCount(_ expected: Counted) throws {
        try TestFiles.withTemporaryDirectory { directory in
            // Recorded newest first, so the order of the history's rows decides nothing.
            let record = try #require(try Self.records(dials: Self.dials.reversed(), in: directory)[expected.uid])
            #expect(record.timesDialed == expected.times)
            #expect(record.lastDialed == expected.last)
        }
    }

    struct Starring: Sendable, CustomTestStringConvertible {
        var name: String
        var settings: HistorySettings
        var starred: Set<String>
        var testDescription: String { name }
    }

    @Test(arguments: [
        Starring(name: "the default category, Favorites", settings: HistorySettings(), starred: ["ann"]),
        Starring(name: "a category in another case", settings: HistorySettings(favouriteCategory: "family"), starred: ["bob"]),
        Starring(name: "no category", settings: HistorySettings(favouriteCategory: nil), starred: []),
        Starring(
            name: "listed by name and by UID", settings: HistorySettings(favouriteCategory: nil, favourites: ["Bob Baker", "carol"]), starred: ["bob", "carol"]),
        Starring(name: "listed and in the category", settings: HistorySettings(favourites: ["Carol Jones"]), starred: ["ann", "carol"]),
    ])
    func favouritesAreStarred(_ starring: Starring) throws {
        try TestFiles.withTemporaryDirectory { directory in
            let records = try Self.records(dials: [], favourites: starring.settings, in: directory)
            #expect(Set(records.values.filter(\.starred).map(\.uid)) == starring.starred)
        }
    }

    /// The records answer queries through the runner, in book order, and a bad query says where.
    @Test func aBookAnswersQueries() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            for dial in Self.dials { try history.record(dial) }
            let maker = QueryRecords(dials: try history.allDials(), favourites: HistorySettings(favourites: ["carol"]))
            let book = QueryBook(
                records: try Self.contacts(in: directory).map(maker.record(for:)), alphabet: Fixtures.alphabet,
                sources: ContactSources(contacts: [], warnings: [], files: []), historyProblem: nil)
            let clock = QueryClock(now: 10_000)
            func uids(_ query: String) throws -> [String] { try book.answer(query, clock: clock).get().map(\.uid) }

            #expect(try uids("timesDialed > 0") == ["ann"])
            #expect(try uids("lastDialed >= $time.now(-7000) && timesDialed == 2") == ["ann"])
            #expect(try uids("starred == true") == ["ann", "carol"])
            #expect(try uids("**==\"*acme*\"c || phoneNumbers == \"*555*\"") == ["ann", "carol"])
            #expect(try uids("nickname == \"annie\"") == [])
            guard case .failure(let error) = book.answer("timesDialed > \"x\"", clock: clock) else {
                Issue.record("a string for timesDialed parsed")
                return
            }
            #expect(error.column == 15)
        }
    }
}
