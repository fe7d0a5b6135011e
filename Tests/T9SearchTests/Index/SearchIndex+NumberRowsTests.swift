// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

@Suite("Every number of a contact: labels kept by the table, the order they are listed, rows")
struct SearchIndexNumberRowsTests {
    static let fred = SearchableContact(
        names: [NameField("Fred Smith", kind: .displayName)],
        numbers: ["+44 20 7946 0999", "+44 121 496 0000", "+44 7700 900123", "+44 20 7946 0998", "+44 20 7946 0997"],
        numberLabels: [
            NumberLabel(.fax), NumberLabel(.home), NumberLabel(.mobile), NumberLabel(custom: "Boat\u{1B}[2J phone"), NumberLabel(.work),
        ],
        uid: "fred")
    static let ann = SearchableContact(
        names: [NameField("Ann Baker", kind: .displayName)], numbers: ["020 7946 0018"], numberLabels: [NumberLabel(.home)], uid: "ann")
    static let fax = SearchableContact(
        names: [NameField("Fax Shop", kind: .displayName)], numbers: ["0121 000 0001"], numberLabels: [NumberLabel(.workFax)], uid: "fax")

    @Test("the table keeps each number's label, a custom one as written, and rows copied keep theirs")
    func tableKeepsLabels() {
        let table = ContactTable([Self.ann, Self.fred])
        #expect(Array(table) == [Self.ann, Self.fred])
        var copy = ContactTable([Self.fax])
        copy.append(rows: 1..<2, of: table)
        #expect(Array(copy) == [Self.fax, Self.fred])
        copy.withTexts(of: 1) { texts in
            #expect(texts.numberCount == 5)
            #expect((0..<5).map { texts.label(ofNumber: $0).word } == ["fax", "home", "mobile", "Boat\u{1B}[2J phone", "work"])
            #expect(texts.label(ofNumber: 5) == NumberLabel())
        }
    }

    @Test("a custom label costs a field; a known one nothing")
    func storage() {
        let plain = SearchableContact(names: Self.ann.names, numbers: Self.ann.numbers, uid: "ann")
        #expect(ContactTable([plain]).storageBytes == ContactTable([Self.ann]).storageBytes)
        let custom = SearchableContact(names: Self.ann.names, numbers: Self.ann.numbers, numberLabels: [NumberLabel(custom: "Boat")], uid: "ann")
        #expect(ContactTable([custom]).storageBytes == ContactTable([plain]).storageBytes + "Boat".utf8.count + 5)
    }

    @Test(
        "listed most called first, then the preferred one, then mobile, home, work, main, other, the rest, pager; fax only alone",
        arguments: [
            ([NumberLabel(.work), NumberLabel(.home), NumberLabel(.mobile)], [:], [2, 1, 0]),
            ([NumberLabel(.work), NumberLabel(.home), NumberLabel(.mobile)], [0: 1.0], [0, 2, 1]),
            ([NumberLabel(.work), NumberLabel(.home), NumberLabel(.mobile)], [0: 0.5, 1: 2.0], [1, 0, 2]),
            ([NumberLabel(.work), NumberLabel(.home, isPreferred: true), NumberLabel(.mobile)], [:], [1, 2, 0]),
            ([NumberLabel(.work), NumberLabel(.home, isPreferred: true), NumberLabel(.mobile)], [2: 0.1], [2, 1, 0]),
            (
                [NumberLabel(.pager), NumberLabel(), NumberLabel(.other), NumberLabel(.main), NumberLabel(custom: "Boat")], [:],
                [3, 2, 1, 4, 0]
            ),
            ([NumberLabel(.fax), NumberLabel(.homeFax), NumberLabel(.pager)], [0: 3.0], [2]),
            ([NumberLabel(.workFax), NumberLabel(.fax)], [:], [0, 1]),
            ([NumberLabel(.iPhone), NumberLabel(.mobile), NumberLabel(.workMobile)], [:], [0, 1, 2]),
            ([], [:], []),
        ] as [([NumberLabel], [Int: Double], [Int])])
    func listOrder(labels: [NumberLabel], calls: [Int: Double], expected: [Int]) {
        #expect(NumberLabel.listOrder(labels) { calls[$0] ?? 0 } == expected)
    }

    @Test("a contact found by name is a row for each number it lists, one found by a number one row, up to the limit")
    func rows() throws {
        let index = SearchIndex(contacts: [Self.fred, Self.ann, Self.fax], alphabet: Fixtures.alphabet)
        func rows(_ digits: String, limit: Int = 20) -> [String] {
            index.rows(of: index.search(Fixtures.keys(digits)), limit: limit).map { row in
                let contact = index.contacts[row.contact]
                return contact.displayName + " " + contact.numbers[row.number] + " " + (contact.label(ofNumber: row.number).word ?? "-")
            }
        }
        // 3733: Fred, by name: mobile, home, work, the custom label; the fax left out.
        #expect(
            rows("3733") == [
                "Fred Smith +44 7700 900123 mobile", "Fred Smith +44 121 496 0000 home", "Fred Smith +44 20 7946 0997 work",
                "Fred Smith +44 20 7946 0998 Boat\u{1B}[2J phone",
            ])
        #expect(rows("3733", limit: 2).count == 2)
        // A number: the one that matched, a fax too.
        #expect(rows("4412149") == ["Fred Smith +44 121 496 0000 home"])
        #expect(rows("442079460999") == ["Fred Smith +44 20 7946 0999 fax"])
        // A contact whose only number is a fax lists it.
        #expect(rows("329") == ["Fax Shop 0121 000 0001 work fax"])
    }

    @Test("the numbers called most come first, as the index is told")
    func calledNumbersFirst() {
        let index = SearchIndex(contacts: [Self.fred], alphabet: Fixtures.alphabet, numberCalls: NumberCalls([0: [1: 2.0, 4: 0.5]]))
        #expect(index.numberRows(of: 0) == [1, 4, 2, 3])
        let reranked = index.reranked(affinity: [1], numberCalls: NumberCalls([0: [3: 1.0]]))
        #expect(reranked.numberRows(of: 0) == [3, 2, 1, 4])
        #expect(index.reranked(affinity: []).numberRows(of: 0) == [1, 4, 2, 3])
    }
}
