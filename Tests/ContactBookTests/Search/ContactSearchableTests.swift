// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing
@testable import ContactBook

@Suite("Contact.searchable: what the search core indexes")
struct ContactSearchableTests {
    private let source = SourceLocation(file: "t.vcf", line: 1)

    @Test("names in order: display name, nicknames, phonetic, sort-as, organization")
    func nameOrder() {
        let contact = Contact(
            uid: "u1", displayName: "山田 太郎", nicknames: ["Taro", "Tarō"],
            phoneticGivenName: "たろう", phoneticMiddleName: " ", phoneticFamilyName: "やまだ",
            sortAs: "Yamada Taro", organization: "Acme", source: source
        )
        #expect(
            contact.searchable.names == [
                NameField("山田 太郎", kind: .displayName),
                NameField("Taro", kind: .nickname),
                NameField("Tarō", kind: .nickname),
                NameField("たろう やまだ", kind: .phonetic),
                NameField("やまだ たろう", kind: .phonetic),
                NameField("Yamada Taro", kind: .sortAs),
                NameField("Acme", kind: .organization),
            ])
        #expect(contact.searchable.uid == "u1")
    }

    @Test("a reading can be typed family name first, as the name is said")
    func readingInBothOrders() throws {
        let contact = Contact(
            uid: "u3", displayName: "周秀英", phoneticGivenName: "Xiuying", phoneticFamilyName: "Zhou",
            numbers: [PhoneNumber("+86 138 0013 8000")], source: source
        )
        #expect(contact.searchable.names.filter { $0.kind == .phonetic }.map(\.text) == ["Xiuying Zhou", "Zhou Xiuying"])
    }

    @Test("empty texts and texts equal to an earlier one are left out")
    func skipsEmptyAndRepeated() {
        let contact = Contact(
            uid: "u2", displayName: "Acme", nicknames: ["", "  "], phoneticFamilyName: "",
            sortAs: "", organization: "Acme", source: source
        )
        #expect(contact.searchable.names == [NameField("Acme", kind: .displayName)])
    }

    @Test(
        "the preferred number is the PREF one, else the first mobile, home, work one, else the first",
        arguments: [
            ([["home"], ["work"], ["cell"], ["cell", "pref"]], 3),
            ([["home"], ["work"], ["cell"], ["cell"]], 2),
            ([["work"], ["home", "pref"], ["cell"]], 1),
            ([["fax"], ["pager"]], 1),
            ([["work"], ["home"]], 1),
            ([["home"], ["iphone"]], 1),
            ([["work"], ["mobile"]], 1),
            ([["home"], ["work"]], 0),
            ([], 0),
        ])
    func preferredNumber(types: [[String]], expected: Int) {
        let numbers = types.enumerated().map { PhoneNumber("\($0.offset)", types: $0.element) }
        let contact = Contact(uid: "u", displayName: "N", numbers: numbers, source: source)
        #expect(contact.searchable.preferredNumber == expected)
        #expect(contact.searchable.numbers == numbers.map(\.value))
    }
}
