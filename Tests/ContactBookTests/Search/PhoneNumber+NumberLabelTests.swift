// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing
@testable import ContactBook

@Suite("PhoneNumber.numberLabel: what the screen calls a number, and the order a contact lists them")
struct PhoneNumberNumberLabelTests {
    @Test(
        "types become the screen's word, PREF the preferred number",
        arguments: [
            (["cell"], "mobile", false),
            (["cell", "voice", "pref"], "mobile", true),
            (["mobile"], "mobile", false),
            (["pcs"], "mobile", false),
            (["work", "cell"], "work mobile", false),
            (["iphone"], "iPhone", false),
            (["home", "voice"], "home", false),
            (["work", "voice"], "work", false),
            (["main"], "main", false),
            (["other"], "other", false),
            (["car"], "car", false),
            (["assistant"], "assistant", false),
            (["pager"], "pager", false),
            (["work", "pager"], "pager", false),
            (["fax"], "fax", false),
            (["home", "fax"], "home fax", false),
            (["work", "fax", "pref"], "work fax", true),
            (["isdn"], "isdn", false),
            (["x-boat"], "x-boat", false),
            (["voice", "x-boat"], "x-boat", false),
        ] as [([String], String, Bool)])
    func words(types: [String], word: String, preferred: Bool) {
        let label = PhoneNumber("1", types: types).numberLabel
        #expect(label.word == word)
        #expect(label.isPreferred == preferred)
    }

    @Test("a number with no type, or only voice or pref, has no label", arguments: [[], ["voice"], ["pref"], ["internet"]])
    func noLabel(types: [String]) {
        let label = PhoneNumber("1", types: types).numberLabel
        #expect(label.word == nil)
        #expect(label.short == nil)
        #expect(label.isPreferred == types.contains("pref"))
    }

    @Test("a label of the user's own is shown as written, cut at its limit")
    func customAsWritten() {
        #expect(PhoneNumber("1", types: ["boat phone"], label: "Boat phone").numberLabel.word == "Boat phone")
        #expect(PhoneNumber("1", types: ["boat phone"], label: "Boat phone").numberLabel.short == "Boat")
        let long = String(repeating: "Grandma's ", count: 5)
        let word = PhoneNumber("1", types: [long.lowercased()], label: long).numberLabel.word
        #expect(word == String(long.prefix(NumberLabel.customLimit)))
    }

    /// A card's or row's numbers, as its contact lists them: each number and its label.
    private func listed(_ contact: Contact) -> [String] {
        let searchable = contact.searchable
        return NumberLabel.listOrder(searchable.numbers.indices.map(searchable.label(ofNumber:))).map { position in
            searchable.numbers[position] + (searchable.label(ofNumber: position).word.map { " " + $0 } ?? "")
        }
    }

    @Test(
        "real exports: each contact's numbers listed mobile, home, work, the rest, pager; fax left out",
        arguments: [
            // vCard 2.1, Android: TEL;CELL;PREF, TEL;WORK;FAX.
            ("John_Doe_ANDROID.vcf", 3, ["123456 mobile", "3456789 mobile", "234567 home", "45678901 home"]),
            ("John_Doe_ANDROID.vcf", 4, ["123456 mobile", "123456 work"]),
            // vCard 3.0, iPhone: TEL;type=CELL;type=VOICE;type=pref, and an item label _$!<AssistantPhone>!$_.
            (
                "John_Doe_IPHONE.vcf", 0,
                ["905-555-1234 mobile", "905-666-1234 home", "905-777-1234 work", "905-222-1234 assistant", "905-111-1234 pager"]
            ),
            ("John_Doe_GMAIL.vcf", 0, ["905-555-1234 mobile", "905-666-1234 home"]),
            // vCard 2.1, Outlook 2007: TEL;WORK;VOICE.
            ("outlook-2007.vcf", 0, ["(111) 555-4444 mobile", "(111) 555-2222 home", "(111) 555-1111 work"]),
            // vCard 4.0: TEL;TYPE=home,voice; numbers with voice alone have no label.
            (
                "fullcontact.vcf", 0,
                [
                    "555-555-1113 mobile", "555-555-1114 mobile", "555-555-1111 home", "555-555-1112 work", "555-555-1115",
                    "555-555-1118", "555-555-1119",
                ]
            ),
            // Google's CSV: Phone 1 - Label, a label of the user's own as written.
            ("google.csv", 0, ["+46 70 123 45 67 mobile", "+46 73 765 43 21 mobile", "+46 8 123 456 78 work"]),
            ("google.csv", 2, ["+7 912 345-67-89 Boat"]),
            // Google's older CSV: Phone 1 - Type, "* Mobile" the preferred.
            ("google-legacy.csv", 0, ["+34 612 345 678 mobile", "+34 699 000 111 mobile", "91 123 45 67 home"]),
            ("google-legacy.csv", 3, ["+1 202 555 0147 other"]),
            // Outlook's CSV: the column names the number.
            ("outlook.csv", 0, ["+33 6 12 34 56 78 mobile", "+33 1 42 68 53 00 work"]),
            ("outlook.csv", 2, ["+49 30 1234567 main"]),
        ] as [(String, Int, [String])])
    func realExports(file: String, contact: Int, expected: [String]) throws {
        let book = try ContactImporter.load(path: TestFiles.fixture(file))
        try #require(book.contacts.indices.contains(contact))
        #expect(listed(book.contacts[contact]) == expected)
    }

    @Test("Apple's item labels: a built-in one is the type's word, one of the user's own is as written")
    func appleItemLabels() throws {
        let text = String.crlf([
            "BEGIN:VCARD", "VERSION:3.0", "FN:A",
            "item1.TEL:111", "item1.X-ABLabel:_$!<Mobile>!$_",
            "item2.TEL:222", "item2.X-ABLabel:Boat phone",
            "item3.TEL:333", "item3.X-ABLabel:_$!<HomeFAX>!$_",
            "END:VCARD",
        ])
        let contact = try #require(ContactImporter.parse(vCard: Array(text.utf8), file: "a.vcf").contacts.first)
        #expect(contact.numbers.map(\.numberLabel.word) == ["mobile", "Boat phone", "home fax"])
        #expect(listed(contact) == ["111 mobile", "222 Boat phone"])
    }
}
