// SPDX-License-Identifier: Apache-2.0

import ContactBook
import Testing

@Suite("Import limits")
struct ImportLimitsTests {
    static func card(_ lines: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u1\r\n\(lines)END:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Next Card\r\nTEL:555\r\nEND:VCARD\r\n"
    }

    /// One card over a limit: what it becomes, the warning at its line, and the card after it
    /// read as it is.
    @Test(
        arguments: [
            (
                "FN:" + String(repeating: "A", count: 5000) + "\r\nTEL:5551234\r\n",
                String(repeating: "A", count: 1000), "the name is 5000 characters long; cut to 1000"
            ),
            ("FN:Ann\\nBaker\r\nTEL:5551234\r\n", "Ann Baker", nil),
            ("FN:Eve\u{1B}]0;owned\u{07}\r\nTEL:5551234\r\n", "Eve ]0;owned ", nil),
            ("FN:Nul\u{0}Byte\r\nTEL:5551234\r\n", "NulByte", nil),
        ] as [(String, String, String?)])
    func namesAreOneLineOfAtMostAThousandCharacters(lines: String, name: String, warning: String?) {
        let imported = ContactImporter.parse(vCard: Array(Self.card(lines).utf8), file: "book.vcf")
        #expect(imported.contacts.map(\.displayName) == [name, "Next Card"])
        #expect(imported.warnings.map(\.description) == (warning.map { ["book.vcf:1: \($0)"] } ?? []))
    }

    /// The texts of `contact` that a case of `everyTextIsMadeOneLine` looks at.
    static func texts(_ fields: String, of contact: Contact) -> [String?] {
        switch fields {
        case "N": [contact.name?.family, contact.name?.given, contact.name?.additional, contact.name?.prefix, contact.name?.suffix]
        case "lists": contact.nicknames + contact.categories + contact.emails
        case "organization": [contact.organization]
        default: [contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName]
        }
    }

    /// Every text of a contact is made one line, each checked on its own: a control
    /// character in one field changes that field only.
    @Test(
        arguments: [
            ("N:Bak\u{7}er;Ann;Jo\u{1B}y;Dr\u{7F};Jr\u{85}\r\n", "N", ["Bak er", "Ann", "Jo y", "Dr ", "Jr "]),
            (
                "NICKNAME:Annie,A\u{9}nn\r\nCATEGORIES:Fri\u{1}ends,Work\r\nEMAIL:ann\u{0}@example.org\r\nEMAIL:ann@example.com\r\n", "lists",
                ["Annie", "A nn", "Fri ends", "Work", "ann@example.org", "ann@example.com"]
            ),
            ("ORG:Acme\u{1B}[31m\r\n", "organization", ["Acme [31m"]),
            (
                "X-PHONETIC-FIRST-NAME:A\u{8}n\r\nX-PHONETIC-MIDDLE-NAME:J\u{8}o\r\nX-PHONETIC-LAST-NAME:B\u{8}ak\r\n", "phonetic",
                ["A n", "J o", "B ak"]
            ),
        ] as [(String, String, [String?])])
    func everyTextIsMadeOneLine(lines: String, fields: String, expected: [String?]) throws {
        let imported = ContactImporter.parse(vCard: Array(Self.card("FN:Ann Baker\r\nTEL:5551234\r\n" + lines).utf8), file: "book.vcf")
        let contact = try #require(imported.contacts.first)
        #expect(Self.texts(fields, of: contact) == expected)
        #expect(contact.displayName == "Ann Baker")
        #expect(contact.numbers.map(\.value) == ["5551234"])
        #expect(imported.warnings.isEmpty)
    }

    @Test func aNumberTooLongToDialIsDroppedAndTheContactKept() {
        let imported = ContactImporter.parse(
            vCard: Array(Self.card("FN:Long Number\r\nTEL:+1" + String(repeating: "5", count: 60_000) + "\r\nTEL:5551234\r\n").utf8),
            file: "book.vcf")
        #expect(imported.contacts.first?.numbers.map(\.value) == ["5551234"])
        #expect(
            imported.warnings.map(\.description) == [
                "book.vcf:1: a number of 60001 digits (60002 characters) is longer than any that can be dialled (64 digits); number dropped"
            ])
    }

    @Test func aHundredNumbersAreKept() {
        let numbers = (0..<150).map { "TEL:555\($0)\r\n" }.joined()
        let imported = ContactImporter.parse(vCard: Array(Self.card("FN:Many\r\n" + numbers).utf8), file: "book.vcf")
        #expect(imported.contacts.first?.numbers.count == ImportLimits.maxItems)
        #expect(imported.warnings.map(\.description) == ["book.vcf:1: 150 numbers; the first 100 kept"])
    }

    @Test func aCSVRowIsHeldToTheSameLimits() throws {
        let csv = "Name,Given Name,Family Name,Phone 1 - Type,Phone 1 - Value\n\"Ann\nBaker\",Ann,Baker,Mobile,5551111\n"
        let imported = try ContactImporter.parse(csv: Array(csv.utf8), file: "book.csv")
        #expect(imported.contacts.map(\.displayName) == ["Ann Baker"])
    }

    /// A number holding what no phone dials is dropped with a warning, not dialled in part.
    @Test func aNumberWithShellPunctuationIsDroppedAndTheVanityNumberKept() {
        let imported = ContactImporter.parse(
            vCard: Array(Self.card("FN:Shell\r\nTEL:+1 555 $(touch x) 0001\r\nTEL:+1555;0003\r\nTEL:1-800-FLOWERS\r\n").utf8),
            file: "book.vcf")
        #expect(imported.contacts.first?.numbers.map(\.value) == ["1-800-FLOWERS"])
        #expect(
            imported.warnings.map(\.description) == [
                #"book.vcf:1: the number "+1 555 $(touch x) 0001" holds "$", which no phone dials; number dropped"#,
                #"book.vcf:1: the number "+1555;0003" holds ";", which no phone dials; number dropped"#,
            ])
    }
}
