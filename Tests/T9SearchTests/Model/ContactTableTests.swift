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

    /// Every text of every contact reads back through `withTexts(of:)` as the contact has it,
    /// and a name or number it does not have is empty.
    @Test func textsReadAsBytesAreTheContactsTexts() {
        let table = ContactTable(Self.contacts)
        func text(_ field: ContactTable.FieldText, _ contact: Int) -> String {
            var text = ""
            table.withTexts(of: contact) { text = String(decoding: $0[field], as: UTF8.self) }
            return text
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

    /// UIDs that are UUIDs are stored packed (17 bytes); every UID reads back as written.
    @Test(
        "A UID reads back as it was written, packed or not",
        arguments: [
            ("urn:uuid:ec350b48d5cf3b55f4e68e2ff5f62ef9", true),
            ("urn:uuid:5B2D1A3C-0E4F-4A1B-9C2D-3E4F5A6B7C8D", true),
            ("5b2d1a3c-0e4f-4a1b-9c2d-3e4f5a6b7c8d", true),
            ("5B2D1A3C0E4F4A1B9C2D3E4F5A6B7C8D", true),
            ("01234567890123456789012345678901", true),
            // Not packed: mixed case, a dash out of place, a letter past f, too short or long,
            // another prefix, and what is no UUID at all.
            ("5b2d1a3c-0e4f-4a1b-9c2d-3E4F5A6B7C8D", false),
            ("5b2d1a3c0-e4f-4a1b-9c2d-3e4f5a6b7c8d", false),
            ("urn:uuid:gc350b48d5cf3b55f4e68e2ff5f62ef9", false),
            ("urn:uuid:ec350b48d5cf3b55f4e68e2ff5f62ef", false),
            ("urn:uuid:ec350b48d5cf3b55f4e68e2ff5f62ef90", false),
            ("URN:UUID:ec350b48d5cf3b55f4e68e2ff5f62ef9", false),
            ("ada", false),
            ("", false),
            ("urn:uuid:", false),
            ("urn:uuid:ec350b48-d5cf3b55f4e68e2ff5f62ef9xyz", false),
            // A fifth dash, dashes everywhere, a byte of UTF-8 where a digit goes, mixed case at the end.
            ("5b2d1a3c-0e4f-4a1b-9c2d-3e4f5a6b7c-d", false),
            ("5b2d1a3c-0e4f-4a1b-9c2d-3e4f5a6b7c8-", false),
            (String(repeating: "-", count: 36), false),
            ("5b2d1a3c0e4f4a1b9c2d3e4f5a6b7c\u{E9}", false),
            ("5B2D1A3C0E4F4A1B9C2D3E4F5A6B7C8d", false),
        ])
    func uidsReadBack(uid: String, packs: Bool) {
        let contact = Fixtures.contact("Ada Lovelace", ["+44 20 7946 0000"], uid: uid)
        let table = ContactTable([contact])
        #expect(table.uid(of: 0) == uid)
        var uidText = ""
        table.withTexts(of: 0) { uidText = String(decoding: $0.uid, as: UTF8.self) }
        #expect(uidText == uid)
        #expect(Array(table) == [contact])
        // The UID is the one text whose storage can shrink: 17 bytes for a UUID.
        let uidBytes = table.storageBytes - ContactTable([Fixtures.contact("Ada Lovelace", ["+44 20 7946 0000"], uid: "")]).storageBytes
        #expect(uidBytes == (packs ? 17 : uid.utf8.count))
    }
}
