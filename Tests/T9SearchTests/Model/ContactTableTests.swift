// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

@Suite("Contact table")
struct ContactTableTests {
    static let contacts: [SearchableContact] = [
        Fixtures.contact("Ada Lovelace", ["+44 20 7946 0000", "07700 900001"], uid: "ada"),
        SearchableContact(names: [NameField("Ελένη Παπαδοπούλου", kind: .displayName)], numbers: [], uid: "eleni"),
        Fixtures.contact("Zhou Xiuying", ["+86 10 5555 0100"], uid: "zhou", nickname: "Xiu", phonetic: "zhou xiuying"),
        SearchableContact(names: [NameField("Bo", kind: .displayName)], numbers: ["1", "2", "3"], preferredNumber: 2, uid: "bo"),
        Fixtures.contact("", [], uid: ""),
    ]
    static let already: [SearchableContact] = [Fixtures.contact("Émile Zola", uid: "emile")]

    @Test(
        "Rows copied from another table read back as the contacts they were",
        arguments: [
            0..<0, 0..<1, 0..<5, 1..<2, 1..<4, 3..<5, 4..<5,
        ])
    func copiedRows(rows: Range<Int>) {
        let source = ContactTable(Self.contacts)
        for start in [[], Self.already] {
            var copy = ContactTable(start)
            copy.append(rows: rows, of: source)
            let expected = start + Array(Self.contacts[rows])
            #expect(Array(copy) == expected)
            #expect(copy.indices.map { copy.uid(of: $0) } == expected.map(\.uid))
        }
    }

    @Test func copiedRowsAreSearchedLikeAppendedOnes() {
        var table = ContactTable(Self.already)
        table.append(rows: 0..<3, of: ContactTable(Self.contacts))
        table.append(Self.contacts[3])
        let index = SearchIndex(table: table, alphabet: Fixtures.alphabet)
        #expect(index.search(Fixtures.keys("232")).map { index.contacts.uid(of: $0.contact) } == ["ada"])
        #expect(index.search(Fixtures.keys("948")).map { index.contacts.uid(of: $0.contact) } == ["zhou"])
        #expect(index.search(Fixtures.keys("26")).map { index.contacts.uid(of: $0.contact) } == ["bo"])
    }

    /// Every text of every contact reads back through `withUTF8(_:of:)` as the contact has it,
    /// and a name or number it does not have is empty.
    @Test func textsReadAsBytesAreTheContactsTexts() {
        let table = ContactTable(Self.contacts)
        func text(_ field: ContactTable.FieldText, _ contact: Int) -> String {
            table.withUTF8(field, of: contact) { String(decoding: $0, as: UTF8.self) }
        }
        for (position, contact) in Self.contacts.enumerated() {
            #expect(text(.uid, position) == contact.uid)
            #expect((0..<contact.names.count).map { text(.name($0), position) } == contact.names.map(\.text))
            #expect((0..<contact.numbers.count).map { text(.number($0), position) } == contact.numbers)
            for missing in [ContactTable.FieldText.name(contact.names.count), .number(contact.numbers.count), .name(-1), .number(-1)] {
                #expect(text(missing, position) == "")
            }
        }
    }
}
