// SPDX-License-Identifier: Apache-2.0

import ContactBook
import Presentation
import Foundation
import TestFixtures
import Testing

@Suite("Contact listing")
struct ContactListingTests {
    static let sources = (
        contacts: [
            Contact(
                uid: "fred", displayName: "Fred Smith",
                numbers: [PhoneNumber("+44 7700 900123", types: ["cell"]), PhoneNumber("+44 121 496 0000", types: ["home", "pref"])],
                source: SourceLocation(file: "a.vcf", line: 1)),
            Contact(uid: "nora", displayName: "Nora \"No\" Number", source: SourceLocation(file: "a.vcf", line: 9)),
            Contact(
                uid: "zhou", displayName: "周秀英", numbers: [PhoneNumber("+86 138 0013 8000")],
                source: SourceLocation(file: "b.csv", line: 2)),
        ],
        warnings: [
            ImportWarning(location: SourceLocation(file: "a.vcf", line: 5), message: "card has no END:VCARD; card skipped"),
            ImportWarning(location: SourceLocation(file: "b.csv", line: 3), message: "row has \"quotes\""),
        ],
        files: ["a.vcf", "b.csv"]
    )

    @Test func textListsEachContactThenCountsThenWarnings() {
        let text = ContactListing.text(contacts: Self.sources.contacts, warnings: Self.sources.warnings, files: Self.sources.files)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "Fred Smith\t+44 7700 900123 (cell), +44 121 496 0000 (home,pref)\tfred",
                "Nora \"No\" Number\tno number\tnora",
                "周秀英\t+86 138 0013 8000\tzhou",
                "3 contacts, 3 numbers, 2 warnings, from a.vcf, b.csv",
                "warning: a.vcf:5: card has no END:VCARD; card skipped",
                "warning: b.csv:3: row has \"quotes\"",
            ])
    }

    @Test func textOfAnEmptyBookIsTheCountsLine() {
        #expect(ContactListing.text(contacts: [], warnings: [], files: ["empty.vcf"]) == "0 contacts, 0 numbers, 0 warnings, from empty.vcf")
    }

    @Test func jsonParsesWithContactsAndWarnings() throws {
        let output = ContactListing.json(contacts: Self.sources.contacts, warnings: Self.sources.warnings)
        #expect(!output.contains("\n"))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["contacts", "warnings"])

        let contacts = try #require(root["contacts"] as? [[String: Any]])
        #expect(contacts.map { $0["uid"] as? String } == ["fred", "nora", "zhou"])
        #expect(contacts.map { $0["name"] as? String } == ["Fred Smith", "Nora \"No\" Number", "周秀英"])
        #expect(contacts.map { $0["source"] as? String } == ["a.vcf:1", "a.vcf:9", "b.csv:2"])
        let fredNumbers = try #require(contacts[0]["numbers"] as? [[String: Any]])
        #expect(fredNumbers.map { $0["number"] as? String } == ["+44 7700 900123", "+44 121 496 0000"])
        #expect(fredNumbers.map { $0["types"] as? [String] } == [["cell"], ["home", "pref"]])
        #expect((contacts[1]["numbers"] as? [Any])?.isEmpty == true)
        let zhouNumbers = try #require(contacts[2]["numbers"] as? [[String: Any]])
        #expect(zhouNumbers.first?["types"] as? [String] == [])

        let warnings = try #require(root["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["file"] as? String } == ["a.vcf", "b.csv"])
        #expect(warnings.map { $0["line"] as? Int } == [5, 3])
        #expect(warnings.map { $0["message"] as? String } == ["card has no END:VCARD; card skipped", "row has \"quotes\""])
    }

    @Test func jsonOfALoadedBookWithABrokenCard() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(
                "BEGIN:VCARD\nVERSION:3.0\nFN:Broken\n" + TestFiles.card(uid: "good", name: "Good Card", numbers: ["0121 507 9010"]),
                to: directory + "/book.vcf")
            let book = try ContactImporter.load(path: file)
            let root = try #require(
                try JSONSerialization.jsonObject(with: Data(ContactListing.json(contacts: book.contacts, warnings: book.warnings).utf8)) as? [String: Any])
            let contacts = try #require(root["contacts"] as? [[String: Any]])
            #expect(contacts.map { $0["uid"] as? String } == ["good"])
            let warnings = try #require(root["warnings"] as? [[String: Any]])
            #expect(warnings.count == 1)
            #expect(warnings.first?["file"] as? String == file)
            #expect(warnings.first?["line"] as? Int == 1)
            #expect(
                ContactListing.text(contacts: book.contacts, warnings: book.warnings, files: [file]).contains("1 contact, 1 number, 1 warning, from \(file)"))
        }
    }
}
