// SPDX-License-Identifier: Apache-2.0

import ContactBook
import Foundation
import Glibc
import Phonebook
import TestFixtures
import Testing

@Suite("Contact sources")
struct ContactSourcesTests {
    static let csvHeader = "First Name,Last Name,Phone 1 - Label,Phone 1 - Value\n"

    @Test func aFolderIsReadInNameOrderSkippingOtherFiles() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(TestFiles.card(uid: "c", name: "Cara Third"), to: directory + "/c.vcard")
            try TestFiles.write(TestFiles.card(uid: "b", name: "Bea Second"), to: directory + "/b.vcf")
            try TestFiles.write(Self.csvHeader + "Abe,First,Mobile,+44 7700 900001\n", to: directory + "/a.csv")
            try TestFiles.write(TestFiles.card(uid: "d", name: "Dee Fourth"), to: directory + "/d.VCF")
            try TestFiles.write("not contacts\n", to: directory + "/notes.txt")
            try TestFiles.write("BEGIN:VCARD\n", to: directory + "/README")
            try TestFiles.write(TestFiles.card(uid: "hidden", name: "Hidden"), to: directory + "/.hidden.vcf")

            let sources = try ContactSources.load(paths: [directory])
            #expect(sources.files == ["a.csv", "b.vcf", "c.vcard", "d.VCF"].map { directory + "/" + $0 })
            #expect(sources.contacts.map(\.displayName) == ["Abe First", "Bea Second", "Cara Third", "Dee Fourth"])
            #expect(sources.warnings.isEmpty)
        }
    }

    /// One file of a folder that does not load (a FIFO, a link to /dev/zero, a file of another
    /// format) once stopped the whole book: it is a warning, and the other files are read, at
    /// start as on reload (DialerServiceTests). A folder where no file loads is still an error.
    @Test(arguments: ["fifo", "device", "not contacts"])
    func aFileThatDoesNotLoadIsSkippedAndTheOthersRead(kind: String) throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(TestFiles.card(uid: "a", name: "Abe First"), to: directory + "/a.vcf")
            let bad = directory + "/b.vcf"
            switch kind {
            case "fifo": try #require(mkfifo(bad, 0o600) == 0)
            case "device": try FileManager.default.createSymbolicLink(atPath: bad, withDestinationPath: "/dev/zero")
            default: try TestFiles.write("just some text\n", to: bad)
            }
            try TestFiles.write(TestFiles.card(uid: "c", name: "Cara Third"), to: directory + "/c.vcf")

            let sources = try ContactSources.load(paths: [directory])
            #expect(sources.contacts.map(\.displayName) == ["Abe First", "Cara Third"])
            #expect(sources.files == [directory + "/a.vcf", directory + "/c.vcf"])
            #expect(sources.warnings.count == 1)
            #expect(sources.warnings.first?.description.hasPrefix(bad) == true)
            #expect(sources.warnings.first?.description.contains("file skipped, the other files of \(directory) are read") == true)

            let config = try TestFiles.write("", to: directory + "/t9dial.toml")
            let loaded = try Book.load(Book.Overrides(configFile: config, contacts: [directory], dataDirectory: TestFiles.dataDirectory))
            #expect(loaded.index.contacts.count == 2)
            #expect(loaded.sources.warnings.count == 1)
        }
    }

    @Test func aFolderWhereNoFileLoadsIsAnError() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try FileManager.default.createSymbolicLink(atPath: directory + "/a.vcf", withDestinationPath: "/dev/zero")
            #expect(throws: ContactBookError.self) { try ContactSources.load(paths: [directory]) }
        }
    }

    @Test func aFolderNamedLikeAContactFileIsNotReadAsOne() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(TestFiles.card(uid: "a", name: "Abe"), to: directory + "/a.vcf")
            try TestFiles.write(TestFiles.card(uid: "b", name: "Bea"), to: directory + "/old.vcf/b.vcf")
            let sources = try ContactSources.load(paths: [directory])
            #expect(sources.files == [directory + "/a.vcf"])
        }
    }

    @Test func aFolderWithATrailingSlashNamesItsFilesWithOneSlash() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(TestFiles.card(uid: "a", name: "Abe"), to: directory + "/a.vcf")
            let sources = try ContactSources.load(paths: [directory + "/"])
            #expect(sources.files == [directory + "/a.vcf"])
            #expect(sources.contacts.map(\.uid) == ["a"])
        }
    }

    @Test func pathsAreReadInTheOrderGiven() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let single = try TestFiles.write(TestFiles.card(uid: "z", name: "Zed Single"), to: directory + "/z.vcf")
            try TestFiles.write(TestFiles.card(uid: "a", name: "Abe Folder"), to: directory + "/folder/a.vcf")
            let sources = try ContactSources.load(paths: [single, directory + "/folder"])
            #expect(sources.files == [single, directory + "/folder/a.vcf"])
            #expect(sources.contacts.map(\.uid) == ["z", "a"])
        }
    }

    @Test func aMissingPathIsAnErrorNamingIt() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let missing = directory + "/nowhere/contacts.vcf"
            let error = #expect(throws: ContactBookError.self) { try ContactSources.load(paths: [missing]) }
            #expect(error?.kind == .fileNotFound)
            #expect(error?.file == missing)
            #expect(error?.description.hasPrefix(missing + ":") == true)
        }
    }

    @Test(arguments: [[String](), ["notes.txt", "photo.jpg"], [".hidden.vcf"]])
    func aFolderWithoutContactFilesIsAnError(files: [String]) throws {
        try TestFiles.withTemporaryDirectory { directory in
            for name in files { try TestFiles.write(TestFiles.card(uid: name, name: name), to: directory + "/" + name) }
            let error = #expect(throws: ContactBookError.self) { try ContactSources.load(paths: [directory]) }
            #expect(error?.file == directory)
            #expect(error?.description.contains(directory) == true)
            #expect(error?.description.contains(".vcf") == true)
        }
    }

    @Test func aBrokenCardIsAWarningWithFileAndLineAndTheGoodCardsLoad() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let broken = """
                BEGIN:VCARD
                VERSION:3.0
                UID:broken
                FN:Broken Card
                BEGIN:VCARD
                VERSION:3.0
                UID:good
                FN:Good Card
                TEL:+44 7700 900002
                END:VCARD

                """
            let brokenFile = try TestFiles.write(broken, to: directory + "/a.vcf")
            try TestFiles.write(TestFiles.card(uid: "other", name: "Other Good"), to: directory + "/b.vcf")

            let sources = try ContactSources.load(paths: [directory])
            #expect(sources.contacts.map(\.uid) == ["good", "other"])
            let warning = try #require(sources.warnings.first)
            #expect(sources.warnings.count == 1)
            #expect(warning.location.file == brokenFile)
            #expect(warning.location.line == 1)
            #expect(warning.message.contains("END:VCARD"))
        }
    }
}
