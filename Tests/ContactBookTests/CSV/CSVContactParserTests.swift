// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("CSV contacts: Google and Outlook exports")
struct CSVContactParserTests {
    private func load(_ name: String) throws -> ContactImport {
        try ContactImporter.load(path: TestFiles.fixture(name))
    }

    @Test("Google, older format: multi-number cell, groups, Yomi readings, quoted comma and quotes")
    func googleLegacy() throws {
        let book = try load("google-legacy.csv")
        #expect(book.warnings.isEmpty)
        // The third data row is empty and skipped; the first spans four lines (quoted line breaks).
        #expect(
            book.contacts.map(\.uid) == [
                "google-legacy.csv#2", "google-legacy.csv#6", "google-legacy.csv#8", "google-legacy.csv#9",
            ])

        let jose = book.contacts[0]
        #expect(jose.displayName == "José Álvarez-Núñez")
        #expect(jose.name == StructuredName(family: "Álvarez-Núñez", given: "José"))
        #expect(jose.nicknames == ["Pepe"])
        #expect(jose.organization == "Telefónica, S.A.")
        #expect(jose.categories == ["Familia"])
        #expect(jose.emails == ["jose@example.es"])
        #expect(
            jose.numbers == [
                PhoneNumber("+34 612 345 678", types: ["cell", "pref"]),
                PhoneNumber("+34 699 000 111", types: ["cell", "pref"]),
                PhoneNumber("91 123 45 67", types: ["home"]),
            ])

        let taro = book.contacts[1]
        #expect(taro.displayName == "山田 太郎")
        #expect(taro.phoneticGivenName == "たろう")
        #expect(taro.phoneticFamilyName == "やまだ")
        #expect(
            taro.numbers == [
                PhoneNumber("090-1234-5678", types: ["cell"]), PhoneNumber("03-1234-5679", types: ["work", "fax"]),
            ])
        #expect(taro.categories.isEmpty)

        let pizzeria = book.contacts[2]
        #expect(pizzeria.displayName == #"Pizzería "Da Mario""#)
        #expect(pizzeria.name == nil)
        #expect(pizzeria.organization == #"Pizzería "Da Mario""#)

        #expect(book.contacts[3].displayName == "+1 202 555 0147")
        #expect(book.contacts[3].numbers == [PhoneNumber("+1 202 555 0147", types: ["other"])])
    }

    @Test("Google, current format: labels, phonetic columns, LF line ends")
    func google() throws {
        let book = try load("google.csv")
        #expect(book.warnings.isEmpty)
        #expect(book.contacts.map(\.displayName) == ["Zoë Ångström", "小明 王", "Dr. Дмитрий Сергеевич Иванов"])
        #expect(book.contacts.map(\.source.line) == [2, 4, 5])

        let zoe = book.contacts[0]
        #expect(zoe.nicknames == ["Zo"])
        #expect(zoe.organization == "Ångström Labs, AB")
        #expect(zoe.categories == ["Work", "Climbing"])
        #expect(zoe.emails == ["zoe@angstrom.example", "zo@example.se"])
        #expect(
            zoe.numbers == [
                PhoneNumber("+46 70 123 45 67", types: ["cell"]),
                PhoneNumber("+46 73 765 43 21", types: ["cell"]),
                PhoneNumber("+46 8 123 456 78", types: ["work"]),
            ])

        let wang = book.contacts[1]
        #expect(wang.phoneticGivenName == "Xiaoming")
        #expect(wang.phoneticFamilyName == "Wang")
        #expect(wang.numbers == [PhoneNumber("+86 10 6552 9988", types: ["home"])])

        let dmitri = book.contacts[2]
        #expect(dmitri.name == StructuredName(family: "Иванов", given: "Дмитрий", additional: "Сергеевич", prefix: "Dr."))
        #expect(dmitri.numbers == [PhoneNumber("+7 912 345-67-89", types: ["boat"], label: "Boat")])
    }

    @Test("Outlook: byte-order mark, every field quoted, fixed phone columns, categories")
    func outlook() throws {
        let book = try load("outlook.csv")
        #expect(book.warnings.isEmpty)
        #expect(book.contacts.map(\.displayName) == ["M. François Lefèvre", "Søren Kierkegaard", "Müller GmbH"])
        #expect(book.contacts.map(\.source.line) == [2, 5, 6])

        let francois = book.contacts[0]
        #expect(francois.organization == "Lefèvre & Fils, SARL")
        #expect(francois.categories == ["Clients", "VIP"])
        #expect(francois.emails == ["francois@lefevre.example"])
        #expect(
            francois.numbers == [
                PhoneNumber("+33 1 42 68 53 00", types: ["work"]), PhoneNumber("+33 6 12 34 56 78", types: ["cell"]),
            ])
        #expect(francois.searchable.preferredNumber == 1)

        #expect(
            book.contacts[1].numbers == [
                PhoneNumber("+45 33 12 34 56", types: ["home"]), PhoneNumber("+45 20 12 34 56", types: ["cell"]),
            ])
        #expect(
            book.contacts[2].numbers == [
                PhoneNumber("+49 30 1234568", types: ["work", "fax"]), PhoneNumber("+49 30 1234567", types: ["main"]),
            ])
    }

    @Test("Outlook in Windows-1252: read as such, with one warning")
    func outlookWindows1252() throws {
        let book = try load("outlook-windows1252.csv")
        #expect(book.contacts.map(\.displayName) == ["Søren Kierkegaard", "Müller GmbH"])
        #expect(
            book.warnings.map(\.description) == [
                "\(TestFiles.fixture("outlook-windows1252.csv")):1: the file is not UTF-8; read as Windows-1252 (export it as UTF-8 if letters look wrong)"
            ])
    }

    @Test(
        "unknown headers are an error that says which were expected",
        arguments: [
            "Vorname,Nachname,Mobiltelefon\nAnna,Schmidt,0171 1234567\n",
            "id,display_name,msisdn\n1,Ann,555\n",
        ])
    func unknownHeader(text: String) throws {
        let error = try #require(throws: ContactBookError.self) {
            try ContactImporter.parse(csv: Array(text.utf8), file: "export.csv")
        }
        #expect(error.kind == .unrecognizedCSVHeader)
        #expect(error.line == 1)
        #expect(error.description.hasPrefix("export.csv:1: the header row ("))
        #expect(error.description.contains("Phone 1 - Value"))
        #expect(error.description.contains("Mobile Phone"))
    }

    @Test("an empty file has no header row")
    func emptyFile() throws {
        let error = try #require(throws: ContactBookError.self) {
            try ContactImporter.parse(csv: Array("\r\n".utf8), file: "empty.csv")
        }
        #expect(error.kind == .unrecognizedCSVHeader)
        #expect(error.description.hasPrefix("empty.csv:1: the file is empty"))
    }

    @Test("broken rows are reported with their line and skipped or repaired")
    func brokenRows() throws {
        // The file is UTF-8 (Åsa), so the lone byte 0xE9 in row 5 is an error, not Windows-1252.
        let bytes =
            Array("First Name,Last Name,Mobile Phone,Company\r\nÅsa,Lee,111,\r\nBo,Ek,222,X,extra\r\n,,,\r\nJo".utf8)
            + [0xE9] + Array(",Ng,333,\r\n,,,,x\r\nCy,\"Unclosed,444,\r\nDe,Fa,555,\r\n".utf8)
        let book = try ContactImporter.parse(csv: bytes, file: "rows.csv")
        #expect(book.contacts.map(\.displayName) == ["Åsa Lee", "Bo Ek", "Jo\u{FFFD} Ng", "Cy \"Unclosed", "De Fa"])
        #expect(
            book.warnings.map(\.description) == [
                "rows.csv:3: row has 5 fields but the header has 4; extra fields ignored",
                "rows.csv:5: invalid UTF-8 replaced with U+FFFD; row kept",
                "rows.csv:6: row has 5 fields but the header has 4; extra fields ignored",
                "rows.csv:6: row has no name, organization, number or email; row skipped",
                "rows.csv:7: a quoted field on this row is never closed; the row is read to the end of its line, quotes and all, and the rows after it as rows",
            ])
    }
}
