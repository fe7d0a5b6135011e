// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

/// The real exports in Fixtures/ (Android 2.1, iPhone, Gmail, Outlook 2007, FullContact 4.0).
@Suite("vCard parser: real exports")
struct VCardParserRealExportTests {
    private func load(_ name: String) throws -> ContactImport {
        try ContactImporter.load(path: TestFiles.fixture(name))
    }

    @Test("Android 2.1: quoted-printable names, soft line breaks, a skipped photo, cards named by email")
    func android() throws {
        let book = try load("John_Doe_ANDROID.vcf")
        #expect(book.contacts.count == 6)

        // The first two cards have only an email: it becomes the name.
        #expect(book.contacts[0].displayName == "john.doe@company.com")
        #expect(book.contacts[0].uid == "John_Doe_ANDROID.vcf#1")
        #expect(book.contacts[0].categories == ["My Contacts"])
        #expect(book.contacts[1].displayName == "jane.doe@company.com")
        #expect(book.contacts[1].uid == "John_Doe_ANDROID.vcf#6")

        let five = book.contacts[2]
        #expect(five.displayName == "Ñ Ñ Ñ Ñ Ñ")
        #expect(five.name?.family == "Ñ Ñ Ñ Ñ")
        #expect(five.numbers == [PhoneNumber("123456789", types: ["cell", "pref"])])

        // N and FN continue after "=" on an unindented line (a 2.1 soft line break).
        let eleven = book.contacts[3]
        #expect(eleven.displayName == Array(repeating: "Ñ", count: 11).joined(separator: " "))
        #expect(eleven.numbers.map(\.value) == ["123456", "234567", "3456789", "45678901"])
        #expect(eleven.numbers.map(\.types) == [["cell", "pref"], ["home"], ["cell"], ["home"]])

        // This card has a 40-line base64 PHOTO before END:VCARD; it is skipped whole.
        let bob = book.contacts[4]
        #expect(bob.displayName == "Ñ Ñ Ñ Ñ")
        #expect(bob.name == StructuredName(family: "Ñ Ñ", given: "Ñ Ñ Ñ"))
        #expect(bob.organization == String(repeating: "Ñ", count: 12))
        #expect(bob.emails == ["bob@company.com", String(repeating: "Ñ", count: 14)])
        #expect(bob.numbers.map(\.types) == [["cell", "pref"], ["work"], ["work", "fax"]])

        // A soft line break followed by a blank line ends the value.
        let henry = book.contacts[5]
        #expect(henry.organization == String(repeating: "Ñ", count: 44))
        #expect(henry.emails == ["henry@company.com"])

        // The second ORG of that card ends in the lone byte 0x80.
        #expect(
            book.warnings.map(\.description) == [
                "\(TestFiles.fixture("John_Doe_ANDROID.vcf")):82: ORG: invalid UTF-8 replaced with U+FFFD; value kept"
            ])
    }

    @Test("Gmail 3.0: escaped comma in FN and N, phonetic names, folded ADR and NOTE")
    func gmail() throws {
        let book = try load("John_Doe_GMAIL.vcf")
        let john = try #require(book.contacts.first)
        #expect(book.contacts.count == 1)
        #expect(book.warnings.isEmpty)
        #expect(john.displayName == "Mr. John Richter, James Doe Sr.")
        #expect(
            john.name
                == StructuredName(
                    family: "Doe", given: "John", additional: "Richter, James", prefix: "Mr.", suffix: "Sr."
                ))
        #expect(john.phoneticGivenName == "Jon")
        #expect(john.phoneticFamilyName == "Dow")
        #expect(john.organization == "IBM")
        #expect(john.emails == ["john.doe@ibm.com"])
        #expect(
            john.numbers == [
                PhoneNumber("905-555-1234", types: ["cell"]), PhoneNumber("905-666-1234", types: ["home"]),
            ])
        #expect(john.uid == "John_Doe_GMAIL.vcf#1")
    }

    @Test("iPhone 3.0: CR CR LF line ends, type=X;type=Y, grouped Apple label, 45 KB photo skipped")
    func iPhone() throws {
        let book = try load("John_Doe_IPHONE.vcf")
        let john = try #require(book.contacts.first)
        #expect(book.contacts.count == 1)
        #expect(book.warnings.isEmpty)
        #expect(john.displayName == "Mr. John Richter James Doe Sr.")
        #expect(john.name?.additional == "Richter,James")
        #expect(john.nicknames == ["Johny"])
        #expect(john.organization == "IBM")
        #expect(john.emails == ["john.doe@ibm.com"])
        #expect(
            john.numbers == [
                PhoneNumber("905-555-1234", types: ["cell", "voice", "pref"]),
                PhoneNumber("905-666-1234", types: ["home", "voice"]),
                PhoneNumber("905-777-1234", types: ["work", "voice"]),
                PhoneNumber("905-888-1234", types: ["home", "fax"]),
                PhoneNumber("905-999-1234", types: ["work", "fax"]),
                PhoneNumber("905-111-1234", types: ["pager"]),
                // item2.TEL with item2.X-ABLabel:_$!<AssistantPhone>!$_
                PhoneNumber("905-222-1234", types: ["assistant"]),
            ])
    }

    @Test("Outlook 2007 2.1: quoted-printable NOTE continued on unindented lines, base64 KEY and PHOTO")
    func outlook() throws {
        let book = try load("outlook-2007.vcf")
        let mike = try #require(book.contacts.first)
        #expect(book.contacts.count == 1)
        #expect(book.warnings.isEmpty)
        #expect(mike.displayName == "Mr. Michael Angstadt Jr.")
        #expect(mike.name == StructuredName(family: "Angstadt", given: "Michael", prefix: "Mr.", suffix: "Jr."))
        #expect(mike.nicknames == ["Mike"])
        #expect(mike.organization == "TheCompany")
        #expect(
            mike.numbers == [
                PhoneNumber("(111) 555-1111", types: ["work", "voice"]),
                PhoneNumber("(111) 555-2222", types: ["home", "voice"]),
                PhoneNumber("(111) 555-4444", types: ["cell", "voice"]),
                PhoneNumber("(111) 555-3333", types: ["work", "fax"]),
            ])
        // EMAIL comes after the base64 KEY block: the block was stepped over, not misread.
        #expect(mike.emails == ["mike.angstadt@gmail.com"])
    }

    @Test("FullContact 4.0: TYPE=cell,voice lists, several ORGs, folded PHOTO URIs")
    func fullContact() throws {
        let book = try load("fullcontact.vcf")
        let contact = try #require(book.contacts.first)
        #expect(book.warnings.isEmpty)
        #expect(contact.displayName == "Prefix FirstName MiddleName LastName Suffix")
        #expect(contact.nicknames == ["NickName"])
        #expect(contact.organization == "Organization1")
        #expect(contact.categories == ["Tag"])
        #expect(contact.emails.count == 5)
        #expect(contact.numbers.count == 9)
        #expect(contact.numbers[2] == PhoneNumber("555-555-1113", types: ["cell", "voice"]))
        #expect(contact.numbers[5] == PhoneNumber("555-555-1116", types: ["home", "fax"]))
        #expect(contact.searchable.preferredNumber == 2)
    }

    @Test("Gmail list: three cards, the last without a final line break")
    func gmailList() throws {
        let book = try load("gmail-list.vcf")
        #expect(book.contacts.map(\.displayName) == ["Arnold Smith", "Chris Beatle", "Doug White"])
        #expect(book.contacts.map(\.uid) == ["gmail-list.vcf#1", "gmail-list.vcf#7", "gmail-list.vcf#13"])
        #expect(book.warnings.isEmpty)
    }
}

/// vCard syntax as exporters write it, one feature at a time.
@Suite("vCard parser: syntax")
struct VCardParserSyntaxTests {
    /// Parses one card made of `lines` (BEGIN/VERSION/END added) and returns its contact.
    private func card(_ lines: [String], version: String = "3.0") throws -> Contact {
        let text = String.crlf(["BEGIN:VCARD", "VERSION:\(version)"] + lines + ["END:VCARD"])
        let book = ContactImporter.parse(vCard: Array(text.utf8), file: "test.vcf")
        #expect(book.warnings.isEmpty, "unexpected warnings: \(book.warnings)")
        return try #require(book.contacts.first)
    }

    @Test(
        "TEL type spellings",
        arguments: [
            ("TEL;CELL:555", "555", ["cell"]),
            ("TEL;TYPE=CELL:555", "555", ["cell"]),
            ("TEL;TYPE=cell,voice:555", "555", ["cell", "voice"]),
            ("TEL;TYPE=\"cell,voice\":555", "555", ["cell", "voice"]),
            ("TEL;type=CELL;type=pref:555", "555", ["cell", "pref"]),
            ("TEL;CELL;PREF:555", "555", ["cell", "pref"]),
            ("tel;Type=Home:555", "555", ["home"]),
            ("TEL;PREF=1;TYPE=work:555", "555", ["pref", "work"]),
            ("TEL;VALUE=uri;TYPE=\"voice,cell\":tel:+1-555-555-0100", "+1-555-555-0100", ["voice", "cell"]),
            ("TEL;VALUE=uri:tel:+1-555-555-0100;ext=42", "+1-555-555-0100 ext. 42", []),
            ("TEL:tel:+44 20 7946 0000", "+44 20 7946 0000", []),
            ("TEL;X-CUSTOM=1:555", "555", []),
            ("TEL: 555 ", "555", []),
        ])
    func telephoneTypes(line: String, value: String, types: [String]) throws {
        let contact = try card(["FN:A", line])
        #expect(contact.numbers == [PhoneNumber(value, types: types)])
    }

    @Test("property names ignore case")
    func caseInsensitiveNames() throws {
        let contact = try card(["fn:Ann Lee", "Tel;type=cell:1", "eMail:ann@example.org", "nickname:Annie"])
        #expect(contact.displayName == "Ann Lee")
        #expect(contact.numbers.map(\.value) == ["1"])
        #expect(contact.emails == ["ann@example.org"])
        #expect(contact.nicknames == ["Annie"])
    }

    @Test("folded lines: CRLF or LF followed by a space or tab, even inside a UTF-8 letter")
    func folding() throws {
        let georgian = Array("FN:ნინო ბერიძე".utf8)
        // Split in the middle of a three-byte letter, as a 75-octet folder does.
        let head = Array(georgian[..<8])
        let tail = Array(georgian[8...])
        let bytes =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\n".utf8) + head + Array("\r\n ".utf8) + tail
            + Array("\r\nNOTE:a\n\tb\r\nTEL;TYPE=CE\r\n LL:+995 32\r\n  2 00 00 00\r\nEND:VCARD\r\n".utf8)
        let book = ContactImporter.parse(vCard: bytes, file: "folded.vcf")
        let contact = try #require(book.contacts.first)
        #expect(book.warnings.isEmpty)
        #expect(contact.displayName == "ნინო ბერიძე")
        #expect(contact.numbers == [PhoneNumber("+995 32 2 00 00 00", types: ["cell"])])
    }

    @Test(
        "backslash escapes",
        arguments: [
            (#"FN:Doe\, John\; Jr."#, "Doe, John; Jr."),
            // Line breaks, which a name shows as spaces: it is one line (ImportLimits).
            (#"FN:Line one\nLine two\NLine three"#, "Line one Line two Line three"),
            (#"FN:Back\\slash"#, #"Back\slash"#),
            (#"FN:C:\Users\x"#, #"C:\Users\x"#),
            (#"FN:http\://example.org"#, "http://example.org"),
        ])
    func escapes(line: String, expected: String) throws {
        #expect(try card([line]).displayName == expected)
    }

    @Test("NICKNAME and CATEGORIES are comma lists; escaped commas stay")
    func lists() throws {
        let contact = try card([
            "FN:Robert", #"NICKNAME:Bob,Bobby\, Jr., Rob"#, "CATEGORIES:Friends,Climbing,Friends", "NICKNAME:Robbie",
        ])
        #expect(contact.nicknames == ["Bob", "Bobby, Jr.", "Rob", "Robbie"])
        #expect(contact.categories == ["Friends", "Climbing"])
    }

    @Test("ORG keeps its first component; vCard 4.0 SORT-AS on N is read")
    func organizationAndSortAs() throws {
        let contact = try card(
            [
                "FN:Dr. John Stevenson",
                "N;SORT-AS=\"Stevenson,John Philip\":Stevenson;John;Philip,Paul;Dr.;Jr.,M.D.",
                "ORG;SORT-AS=\"ABC\":ABC\\, Inc.;North American Division;Marketing",
            ], version: "4.0")
        #expect(contact.organization == "ABC, Inc.")
        #expect(contact.sortAs == "Stevenson John Philip")
        #expect(contact.name?.additional == "Philip,Paul")
    }

    @Test("phonetic names, middle included")
    func phonetic() throws {
        let contact = try card([
            "FN:山田 太郎", "X-PHONETIC-FIRST-NAME:たろう", "X-PHONETIC-MIDDLE-NAME:ひろ", "X-PHONETIC-LAST-NAME:やまだ",
        ])
        #expect(contact.phoneticGivenName == "たろう")
        #expect(contact.phoneticMiddleName == "ひろ")
        #expect(contact.phoneticFamilyName == "やまだ")
    }

    @Test("an Apple label may come before its number, and applies only to its own group")
    func appleLabelsByGroup() throws {
        let contact = try card([
            "FN:A",
            "item1.X-ABLabel:_$!<Mobile>!$_",
            "ITEM1.TEL:111",
            "item2.TEL;type=WORK:222",
            "item2.X-ABLabel:Boat phone",
            "item3.TEL:333",
            "item4.X-ABLabel:_$!<HomeFAX>!$_",
        ])
        #expect(
            contact.numbers == [
                PhoneNumber("111", types: ["cell"]),
                PhoneNumber("222", types: ["work", "boat phone"], label: "Boat phone"),
                PhoneNumber("333", types: []),
            ])
    }

    @Test(
        "UID is kept; a card without one gets file name and line",
        arguments: [
            (["FN:A", "UID:urn:uuid:1234"], "urn:uuid:1234"),
            (["FN:A"], "test.vcf#1"),
            (["FN:A", "UID:"], "test.vcf#1"),
        ])
    func uid(lines: [String], expected: String) throws {
        #expect(try card(lines).uid == expected)
    }

    @Test("the made-up UID uses the file name, not its folders, and the card's line")
    func uidFromPath() throws {
        let text = String.crlf(["", "BEGIN:VCARD", "FN:A", "END:VCARD", "BEGIN:VCARD", "FN:B", "END:VCARD"])
        let book = ContactImporter.parse(vCard: Array(text.utf8), file: "/home/me/Contacts/all.vcf")
        #expect(book.contacts.map(\.uid) == ["all.vcf#2", "all.vcf#5"])
        #expect(book.contacts.map(\.source.description) == ["/home/me/Contacts/all.vcf:2", "/home/me/Contacts/all.vcf:5"])
    }

    @Test(
        "missing FN is built from N, else ORG, else the first number, else the first email",
        arguments: [
            (["N:Public;John;Quinlan;Mr.;Esq."], "Mr. John Quinlan Public Esq."),
            (["N:Public;John;;;"], "John Public"),
            (["N:;;;;", "ORG:Acme Rockets;Sales"], "Acme Rockets"),
            (["ORG:Acme Rockets", "TEL:+1 555 0100"], "Acme Rockets"),
            (["TEL:+1 555 0100", "EMAIL:x@example.org"], "+1 555 0100"),
            (["EMAIL:x@example.org"], "x@example.org"),
            (["FN:", "N:Doe;Jane"], "Jane Doe"),
        ])
    func displayNameFallback(lines: [String], expected: String) throws {
        #expect(try card(lines).displayName == expected)
    }

    @Test(
        "CHARSET decodes the value's bytes",
        arguments: [
            ("ISO-8859-1", [0x4A, 0x6F, 0x73, 0xE9], "José"),
            ("latin1", [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72], "Müller"),
            ("windows-1252", [0x80, 0x20, 0x93, 0x51, 0x94], "€ “Q”"),
            ("UTF-8", [0xC3, 0xA9], "é"),
            ("Shift_JIS", [0x82, 0xA0, 0x82, 0xA2], "あい"),
            ("windows-1251", [0xC8, 0xE2, 0xE0, 0xED], "Иван"),
        ])
    func charsets(charset: String, bytes: [UInt8], expected: String) throws {
        let data = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=\(charset):".utf8) + bytes + Array("\r\nEND:VCARD\r\n".utf8)
        let book = ContactImporter.parse(vCard: data, file: "charset.vcf")
        #expect(book.warnings.isEmpty)
        #expect(book.contacts.first?.displayName == expected)
    }

    @Test("quoted-printable in Latin-1 with a soft line break and a bare QUOTED-PRINTABLE parameter")
    func quotedPrintableLatin1() throws {
        let contact = try card(["FN;CHARSET=ISO-8859-1;QUOTED-PRINTABLE:Fran=E7ois=20=", "M=FCller", "TEL;HOME:1"], version: "2.1")
        #expect(contact.displayName == "François Müller")
    }

    @Test("line ends: LF, CRLF, CR CR LF, and CR alone", arguments: ["\n", "\r\n", "\r\r\n", "\r"])
    func lineEnds(lineEnd: String) throws {
        let text = ["BEGIN:VCARD", "VERSION:3.0", "FN:Ann", "TEL:1", "END:VCARD", "BEGIN:VCARD", "FN:Bo", "END:VCARD"]
            .joined(separator: lineEnd)
        let book = ContactImporter.parse(vCard: Array(text.utf8), file: "ends.vcf")
        #expect(book.warnings.isEmpty)
        #expect(book.contacts.map(\.displayName) == ["Ann", "Bo"])
        #expect(book.contacts.map(\.source.line) == [1, 6])
    }

    @Test("a UTF-8 byte-order mark is ignored; UTF-16 files are read")
    func byteOrderMarks() throws {
        let text = String.crlf(["BEGIN:VCARD", "FN:Zoë", "END:VCARD"])
        let utf8: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let utf16LE: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [utf8, utf16LE, utf16BE] {
            let book = ContactImporter.parse(vCard: bytes, file: "bom.vcf")
            #expect(book.contacts.map(\.displayName) == ["Zoë"])
            #expect(book.warnings.isEmpty)
        }
    }

    @Test("vCard 2.1 base64 with unindented lines and a blank line after it is skipped")
    func base64Unindented() throws {
        let contact = try card(
            [
                "FN:Pic",
                "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD",
                "2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYG",
                "CAsICQoKCgoKBggLDAsKDAkKCgr==",
                "",
                "TEL:1",
                "LOGO;ENCODING=b:R0lGODlhAQABAIAAAAAAAP",
                " ///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7",
                "SOUND;VALUE=uri:https://example.org/a",
                " .ogg",
            ], version: "2.1")
        #expect(contact.numbers.map(\.value) == ["1"])
    }

    @Test("a card's text survives other cards' garbage: PRODID, X- properties, unknown parameters")
    func unknownPropertiesIgnored() throws {
        let contact = try card([
            "PRODID:-//Apple Inc.//iOS 17//EN", "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Bud;1",
            "FN;LANGUAGE=en;X-FOO=\"a:b;c\":Bud", "REV:2024-01-01T00:00:00Z",
        ])
        #expect(contact.displayName == "Bud")
    }
}
