// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `t9dial contacts`, run as a child process.
@Suite("t9dial contacts")
struct ContactsCommandTests {
    func listing(_ output: T9DialProcess.Output) throws -> (contacts: [[String: Any]], warnings: [[String: Any]]) {
        let root = try #require(try output.json() as? [String: Any], "not a JSON object: \(output.stdout)")
        let contacts = try #require(root["contacts"] as? [[String: Any]])
        let warnings = try #require(root["warnings"] as? [[String: Any]])
        return (contacts, warnings)
    }

    @Test func jsonListsTheSampleBook() throws {
        let output = try T9DialProcess.run(["contacts", "--contacts", T9DialProcess.sampleContacts, "--json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.lines.count == 1)
        let (contacts, warnings) = try listing(output)
        #expect(contacts.count == 20)
        #expect(warnings.isEmpty)
        for contact in contacts {
            #expect((contact["uid"] as? String)?.isEmpty == false, "every contact has a uid: \(contact)")
            #expect(contact["name"] is String)
            #expect(contact["numbers"] is [[String: Any]])
        }

        let fred = try #require(contacts.first)
        #expect(fred["uid"] as? String == "sample-fred-smith")
        #expect(fred["name"] as? String == "Fred Smith")
        let numbers = try #require(fred["numbers"] as? [[String: Any]])
        #expect(numbers.map { $0["number"] as? String } == ["+44 7700 900123", "+44 121 496 0000"])
        #expect(numbers.map { $0["types"] as? [String] } == [["cell"], ["home"]])

        #expect(contacts.contains { $0["name"] as? String == "周秀英" && $0["uid"] as? String == "sample-zhou" })
        #expect(contacts.contains { $0["name"] as? String == "Antonín Dvořák" })  // vCard 2.1 quoted-printable
    }

    @Test func textListsTheSampleBookWithCounts() throws {
        let output = try T9DialProcess.run(["contacts", "--contacts", T9DialProcess.sampleContacts])
        #expect(output.status == 0)
        #expect(output.lines.first == "Fred Smith\t+44 7700 900123 (cell), +44 121 496 0000 (home)\tsample-fred-smith")
        #expect(output.lines.count == 21)
        #expect(output.lines.last?.hasPrefix("20 contacts, ") == true)
        #expect(output.lines.last?.hasSuffix(", 0 warnings, from \(T9DialProcess.sampleContacts)") == true)
    }

    static let brokenBook = """
        BEGIN:VCARD
        VERSION:3.0
        UID:broken
        FN:Broken Card
        TEL:+44 7700 900111
        BEGIN:VCARD
        VERSION:3.0
        UID:good-one
        FN:Good Card
        TEL;TYPE=CELL:+44 7700 900999
        END:VCARD

        """

    @Test func aBrokenCardIsAWarningWithFileAndLineAndTheGoodCardIsListed() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let file = try T9DialProcess.write(Self.brokenBook, to: directory + "/broken.vcf")
            let output = try T9DialProcess.run(["contacts", "--contacts", file, "--json"])
            #expect(output.status == 0)
            let (contacts, warnings) = try listing(output)
            #expect(contacts.map { $0["uid"] as? String } == ["good-one"])
            #expect(contacts.first?["name"] as? String == "Good Card")
            let warning = try #require(warnings.first)
            #expect(warnings.count == 1)
            #expect(warning["file"] as? String == file)
            #expect(warning["line"] as? Int == 1)
            #expect((warning["message"] as? String)?.contains("END:VCARD") == true)

            let text = try T9DialProcess.run(["contacts", "--contacts", file])
            #expect(text.status == 0)
            #expect(text.lines.first == "Good Card\t+44 7700 900999 (cell)\tgood-one")
            #expect(text.lines.contains { $0.hasPrefix("warning: \(file):1: ") })
        }
    }

    @Test func searchStillFindsTheGoodCardAndWarnsOnStandardError() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let file = try T9DialProcess.write(Self.brokenBook, to: directory + "/broken.vcf")
            let output = try T9DialProcess.run(["search", "4663", "--contacts", file])
            #expect(output.status == 0)
            #expect(output.lines == ["1. [Good] Card  +44 7700 900999  mobile"])
            #expect(output.stderr.contains("warning: \(file):1: "))
        }
    }
}

/// Every option `contacts` offers does something: the search's options, which changed nothing
/// in a listing of the whole book, are not offered.
@Suite("t9dial contacts offers only the options it acts on")
struct ContactsOptionsTests {
    @Test(arguments: [["--limit", "3"], ["--region", "GB"], ["--match", "anywhere"], ["--data-dir", "Config"]])
    func aSearchOptionIsRefused(option: [String]) throws {
        let output = try T9DialProcess.run(["contacts", "--contacts", T9DialProcess.sampleContacts] + option)
        #expect(output.status != 0)
        #expect(output.stdout == "")
        #expect(output.stderr.contains("Unknown option '\(option[0])'"), "stderr: \(output.stderr)")
    }

    /// --config names the book: its contacts are listed.
    @Test func theConfigNamesTheBook() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write(
                "contacts = [\"\(T9DialProcess.repositoryRoot)/\(T9DialProcess.sampleContacts)\"]\n", to: directory + "/t9dial.toml")
            let output = try T9DialProcess.run(["contacts"], config: config)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines.last?.hasPrefix("20 contacts, ") == true, "stdout: \(output.stdout)")
        }
    }
}
