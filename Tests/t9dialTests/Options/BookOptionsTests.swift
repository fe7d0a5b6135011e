// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// The options every command shares (--contacts, --config, --region, --limit...), and how
/// their problems end a run: a message on standard error and a non-zero exit status.
@Suite("Book options")
struct BookOptionsTests {
    /// What each command needs before its options: search its digits, query its query.
    static func command(_ name: String) -> [String] {
        switch name {
        case "search": [name, "37337"]
        case "query": [name, "timesDialed >= 0"]
        default: [name]
        }
    }

    @Test(arguments: ["search", "contacts", "query"])
    func aMissingContactsFileIsNamed(command: String) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let missing = directory + "/missing.vcf"
            let arguments = Self.command(command) + ["--contacts", missing]
            let output = try T9DialProcess.run(arguments)
            #expect(output.status == 1)
            #expect(output.stdout == "")
            #expect(output.stderr.contains(missing + ": no such file"))
        }
    }

    @Test(arguments: ["search", "contacts", "query"])
    func aMisspeltConfigKeyNamesFileLineAndKey(command: String) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write("[search]\nmach = \"smart\"\n", to: directory + "/t9dial.toml")
            let arguments = Self.command(command) + ["--contacts", T9DialProcess.sampleContacts]
            let output = try T9DialProcess.run(arguments, config: config)
            #expect(output.status == 1)
            #expect(output.stdout == "")
            #expect(output.stderr.contains(config + ":2: "))
            #expect(output.stderr.contains(#""mach""#))
        }
    }

    @Test func contactsFromTheConfigFileAreUsed() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write(
                "contacts = [\"\(T9DialProcess.repositoryRoot)/Config/samples/contacts.vcf\"]\n[search]\nregion = \"GB\"\nlimit = 1\n",
                to: directory + "/t9dial.toml")
            let output = try T9DialProcess.run(["search", "0121"], config: config)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines == ["1. Berkeley Hair-Studio  [0121] 507 9010  work"])
        }
    }

    @Test func noContactsAnywhereIsAnError() throws {
        let output = try T9DialProcess.run(["search", "37337"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("no contacts to search"))
        #expect(output.stderr.contains("--contacts"))
    }

    @Test func anUnknownRegionIsAMistakeInTheArguments() throws {
        let output = try T9DialProcess.run(["search", "0121", "--region", "ZZ", "--contacts", T9DialProcess.sampleContacts])
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: "))
        #expect(output.stdout == "")
        #expect(output.stderr.contains(#"unknown region "ZZ""#))
    }

    @Test(arguments: [["--limit", "0"], ["--match", "fuzzy"]])
    func badOptionValuesAreRefused(arguments: [String]) throws {
        let output = try T9DialProcess.run(["search", "37337", "--contacts", T9DialProcess.sampleContacts] + arguments)
        #expect(output.status != 0)
        #expect(output.stdout == "")
        #expect(output.stderr.contains(arguments[0]))
    }

    @Test func aDataDirectoryWithoutLayoutsIsNamed() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(
                ["search", "37337", "--contacts", T9DialProcess.sampleContacts, "--data-dir", directory], dataDirectory: false)
            #expect(output.status == 1)
            #expect(output.stderr.contains(directory))
            #expect(output.stderr.contains("layouts"))
        }
    }
}
