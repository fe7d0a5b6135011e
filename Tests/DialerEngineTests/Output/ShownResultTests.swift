// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

/// A shown result carries the contact's display name, the number a dial calls, the text its
/// highlight ranges index and the UID, read from the contact table.
@Suite struct ShownResultTests {
    static let contacts = ContactTable([
        SearchableContact(
            names: [NameField("Ada Lovelace", kind: .displayName), NameField("Countess", kind: .nickname)],
            numbers: ["+44 20 7946 0000", "07700 900123"], preferredNumber: 1, uid: "urn:uuid:6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"),
        SearchableContact(names: [NameField("Straße Ünal", kind: .displayName)], numbers: [], uid: "plain-uid"),
    ])

    @Test(arguments: [
        (SearchResult.Field.name(1), 0, 1, ["Ada Lovelace", "07700 900123", "Countess", "urn:uuid:6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"]),
        (.number(0), 0, 0, ["Ada Lovelace", "+44 20 7946 0000", "+44 20 7946 0000", "urn:uuid:6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"]),
        (.name(0), 1, 0, ["Straße Ünal", "", "Straße Ünal", "plain-uid"]),
        // Out of range (a result from an older table): the display name, and no number.
        (.name(5), 1, 3, ["Straße Ünal", "", "Straße Ünal", "plain-uid"]),
        (.number(4), 0, 4, ["Ada Lovelace", "", "", "urn:uuid:6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"]),
    ])
    func readsTheShownTexts(field: SearchResult.Field, contact: Int, number: Int, expected: [String]) {
        let result = SearchResult(contact: contact, quality: .namePrefix, field: field, number: number, ranges: [0..<1])
        let shown = ShownResult(result, in: Self.contacts)
        #expect([shown.name, shown.number, shown.text, shown.uid] == expected)
        #expect(shown.ranges == [0..<1])
    }
}
