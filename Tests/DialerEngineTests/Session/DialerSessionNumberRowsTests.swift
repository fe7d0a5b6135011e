// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

/// A contact found by name is a row for each of its numbers, labelled; one found by a number
/// is one row. The selection moves over rows, and a dial calls the selected row's number.
@Suite struct DialerSessionNumberRowsTests {
    static let contacts = [
        SearchableContact(
            names: [NameField("Fred Smith", kind: .displayName)], numbers: ["+44 121 496 0000", "+44 7700 900123"],
            numberLabels: [NumberLabel(.home), NumberLabel(.mobile)], uid: "smith"),
        SearchableContact(
            names: [NameField("Fred Sanders", kind: .displayName)], numbers: ["+44 20 7946 0111", "+44 20 7946 0112"],
            numberLabels: [NumberLabel(.fax), NumberLabel(.work)], uid: "sanders"),
        SearchableContact(
            names: [NameField("Freya Jones", kind: .displayName)], numbers: ["+1 201-555-0123", "+1 201-555-0124", "+1 201-555-0125"],
            numberLabels: [NumberLabel(.work), NumberLabel(custom: "Boat"), NumberLabel(.mobile, isPreferred: true)], uid: "jones"),
    ]

    static func index(numberCalls: NumberCalls = NumberCalls()) -> SearchIndex {
        SearchIndex(contacts: contacts, alphabet: T9Alphabet(layouts: SessionFixtures.layouts), numberCalls: numberCalls)
    }

    static func dialer(rows: Int? = nil, limit: Int = 20) throws -> Dialing {
        let dialing = Dialing(session: try DialerSession(index: index(), settings: DialerSettings(resultLimit: limit)))
        dialing.session.shownRows = rows
        return dialing
    }

    /// Each row as "name number label".
    static func rows(_ screen: ScreenState) -> [String] {
        screen.results.map { $0.name + " " + $0.number + " " + ($0.label.word ?? "-") }
    }

    static let allRows = [
        "Fred Sanders +44 20 7946 0112 work",
        "Fred Smith +44 7700 900123 mobile", "Fred Smith +44 121 496 0000 home",
        "Freya Jones +1 201-555-0125 mobile", "Freya Jones +1 201-555-0123 work", "Freya Jones +1 201-555-0124 Boat",
    ]

    @Test func aNameMatchIsARowForEachNumberLabelledAndOrdered() throws {
        var dialing = try Self.dialer()
        dialing.type("373")
        #expect(Self.rows(dialing.screen) == Self.allRows)
        #expect(dialing.screen.resultCount == 6)
        #expect(dialing.screen.selection == 0)
    }

    @Test func aNumberMatchIsOneRowThatNumber() throws {
        var dialing = try Self.dialer()
        dialing.type("4412149")
        #expect(Self.rows(dialing.screen) == ["Fred Smith +44 121 496 0000 home"])
        // The fax a name match leaves out is found by its digits.
        dialing.tap(.hangUp)
        dialing.type("442079460111")
        #expect(Self.rows(dialing.screen) == ["Fred Sanders +44 20 7946 0111 fax"])
    }

    @Test(arguments: [(steps: 0, number: "+44 20 7946 0112"), (2, "+44 121 496 0000"), (5, "+1 201-555-0124"), (6, "+44 20 7946 0112")])
    func aDialCallsTheSelectedRowsNumber(steps: Int, number: String) throws {
        var dialing = try Self.dialer()
        dialing.type("373" + String(repeating: "*", count: steps))
        dialing.press(.dial)
        let request = try #require(dialing.dials.last)
        #expect(request.number == number)
        #expect(request.uid == Self.contacts.first { $0.numbers.contains(number) }?.uid)
    }

    @Test func onlyTheRowsShownAreMadeAndTheSelectionMakesMore() throws {
        var dialing = try Self.dialer(rows: 2)
        dialing.type("373")
        // Two rows wanted: the first two contacts made, Fred Smith's second number too.
        #expect(Self.rows(dialing.screen) == Array(Self.allRows.prefix(3)))
        // The third contact, not made yet, counts one row.
        #expect(dialing.screen.resultCount == 4)
        dialing.type("***")
        #expect(dialing.screen.selection == 3)
        #expect(Self.rows(dialing.screen) == Self.allRows)
        #expect(dialing.screen.resultCount == 6)
        // Round from the last row to the first, and from the first back to the last.
        dialing.type("***")
        #expect(dialing.screen.selection == 0)
        dialing.press(.previous)
        #expect(dialing.screen.selection == 5)
    }

    @Test func goingBackFromTheFirstRowMakesEveryRow() throws {
        var dialing = try Self.dialer(rows: 1)
        dialing.type("373")
        #expect(dialing.screen.results.count == 1)
        dialing.press(.previous)
        #expect(Self.rows(dialing.screen) == Self.allRows)
        #expect(dialing.screen.selection == 5)
    }

    @Test(arguments: [1, 2, 4])
    func theLimitCountsRows(limit: Int) throws {
        var dialing = try Self.dialer(limit: limit)
        dialing.type("373")
        #expect(Self.rows(dialing.screen) == Array(Self.allRows.prefix(limit)))
        #expect(dialing.screen.resultCount == limit)
    }

    @Test func theSelectionStaysOnItsNumberWhenTheBookIsRankedAnew() throws {
        var dialing = try Self.dialer()
        dialing.type("373**")
        #expect(dialing.screen.selectedResult?.number == "+44 121 496 0000")
        // Fred Smith's home number was called: it comes first of his, and stays selected.
        _ = dialing.session.replaceIndex(Self.index(numberCalls: NumberCalls([0: [0: 1.0]])))
        #expect(Array(Self.rows(dialing.screen)[1...2]) == ["Fred Smith +44 121 496 0000 home", "Fred Smith +44 7700 900123 mobile"])
        #expect(dialing.screen.selection == 1)
        #expect(dialing.screen.selectedResult?.number == "+44 121 496 0000")
    }

    @Test func aKeyThatKeepsTheContactsAndTheSelectedNumberKeepsTheSelection() throws {
        var dialing = try Self.dialer()
        // 3733, Fred: the two Freds; Fred Smith's home number selected.
        dialing.type("3733**")
        #expect(Array(Self.rows(dialing.screen)) == Array(Self.allRows.prefix(3)))
        // 37337, Fred S: the same contacts, the same rows.
        dialing.type("7")
        #expect(dialing.screen.selection == 2)
        #expect(dialing.screen.selectedResult?.number == "+44 121 496 0000")
        // 4: a number of each, one row each: another number is under the selection.
        dialing.tap(.hangUp)
        dialing.type("44*")
        #expect(Self.rows(dialing.screen) == ["Fred Sanders +44 20 7946 0111 fax", "Fred Smith +44 121 496 0000 home"])
    }
}
