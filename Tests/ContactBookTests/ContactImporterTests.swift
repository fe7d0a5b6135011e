// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import ContactBook

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Contact importer: files, formats and errors")
struct ContactImporterTests {
    @Test(
        "the format comes from the extension, ignoring case",
        arguments: [
            ("contacts.vcf", ContactImporter.Format?.some(.vCard)),
            ("/home/me/Backup.VCF", .vCard),
            ("card.vcard", .vCard),
            ("google.csv", .csv),
            ("OUTLOOK.CSV", .csv),
            ("contacts.txt", nil),
            ("contacts", nil),
            ("dir.vcf/contacts", nil),
        ])
    func formatByExtension(path: String, format: ContactImporter.Format?) {
        #expect(ContactImporter.format(ofPath: path) == format)
    }

    @Test(
        "a folder's contact files are its visible .vcf, .vcard and .csv files",
        arguments: [
            ("contacts.vcf", true), ("Card.VCARD", true), ("google.csv", true),
            (".hidden.vcf", false), (".dat.nosyncA1b2", false), (".card.vcf.swp", false), ("card.vcf~", false),
            ("card.vcf.tmp", false), ("4913", false), ("notes.txt", false), ("sync-state.json", false), ("", false),
        ])
    func contactFileNames(name: String, isContactFile: Bool) {
        #expect(ContactImporter.isContactFileName(name) == isContactFile)
    }

    @Test(
        "a file without a known extension is sniffed",
        arguments: [
            ("\r\nBEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\n", "Ann"),
            ("First Name,Last Name,Mobile Phone\r\nBo,Ek,555\r\n", "Bo Ek"),
        ])
    func sniffing(content: String, name: String) throws {
        let folder = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(folder) }
        let path = folder.appendingPathComponent("export.txt").path
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        let book = try ContactImporter.load(path: path)
        #expect(book.contacts.map(\.displayName) == [name])
    }

    @Test("content that is neither vCard nor CSV is an error")
    func unknownFormat() throws {
        let folder = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(folder) }
        let path = folder.appendingPathComponent("notes.txt").path
        try Data("just some notes\n".utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: ContactBookError.self) { try ContactImporter.load(path: path) }
        #expect(error.kind == .unknownFormat)
        #expect(error.description.hasPrefix("\(path):1: this is neither a vCard"))
    }

    @Test("a .vcf file without BEGIN:VCARD is not a vCard; an empty one is just empty")
    func notAVCard() throws {
        let folder = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(folder) }
        let csvNamedVcf = folder.appendingPathComponent("contacts.vcf").path
        try Data("First Name,Last Name\nAnn,Lee\n".utf8).write(to: URL(fileURLWithPath: csvNamedVcf))
        let error = try #require(throws: ContactBookError.self) { try ContactImporter.load(path: csvNamedVcf) }
        #expect(error.kind == .notAVCard)
        #expect(
            error.description == "\(csvNamedVcf):1: there is no BEGIN:VCARD line, so this is not a vCard file. "
                + "If it is a CSV export, give it a .csv extension; otherwise export the contacts again as vCard.")

        let empty = folder.appendingPathComponent("empty.vcf").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(try ContactImporter.load(path: empty) == ContactImport())
    }

    @Test("a missing file is an error naming it")
    func missingFile() throws {
        let path = "/nonexistent/folder/contacts.vcf"
        let error = try #require(throws: ContactBookError.self) { try ContactImporter.load(path: path) }
        #expect(error.kind == .fileNotFound)
        #expect(error.file == path)
        #expect(error.description.hasPrefix("/nonexistent/folder/contacts.vcf: no such file. Check the path"))
    }

    @Test("a directory is not a contacts file")
    func directory() throws {
        let folder = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(folder) }
        let error = try #require(throws: ContactBookError.self) { try ContactImporter.load(path: folder.path) }
        #expect(error.kind == .notAFile)
        #expect(error.description.contains("directory"))
    }

    /// A FIFO would block for ever, /dev/zero fill the memory: both are refused at once.
    @Test("a FIFO or a device is not a contacts file, and is refused without reading it", arguments: ["fifo", "/dev/zero", "/dev/urandom"])
    func specialFiles(kind: String) throws {
        let folder = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(folder) }
        var path = kind
        if kind == "fifo" {
            path = folder.appendingPathComponent("contacts.vcf").path
            #expect(mkfifo(path, 0o600) == 0)
        }
        let error = try #require(throws: ContactBookError.self) { try ContactImporter.load(path: path) }
        #expect(error.kind == .notAFile)
        #expect(error.description.contains("directory, device or FIFO"))
    }

    @Test("a file over the size limit is refused with the limit named")
    func tooLarge() throws {
        let folder = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(folder) }
        let path = folder.appendingPathComponent("huge.vcf").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(FileReader.maxBytes + 1)) == 0)  // sparse: no disk used
        let error = try #require(throws: ContactBookError.self) { try ContactImporter.load(path: path) }
        #expect(error.description.contains("larger than 256 MiB"))
    }

    @Test("an unreadable file is an error that says how to fix it")
    func permissionDenied() throws {
        let folder = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(folder) }
        let path = folder.appendingPathComponent("locked.vcf").path
        try Data("BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0) == 0)
        defer { chmod(path, 0o600) }

        // Root reads files whatever their mode, so there the load succeeds and only the error's
        // wording can be checked; any other user gets the error.
        if geteuid() == 0 {
            #expect(try ContactImporter.load(path: path).contacts.count == 1)
            let error = ContactBookError.permissionDenied(path)
            #expect(error.kind == .permissionDenied)
            #expect(error.description.contains("chmod a+r"))
        } else {
            let error = try #require(throws: ContactBookError.self) { try ContactImporter.load(path: path) }
            #expect(error.kind == .permissionDenied)
            #expect(error.description.hasPrefix("\(path): permission denied"))
            #expect(error.description.contains("chmod a+r"))
        }
    }

    @Test("load and parse give the same contacts; messages name the file as given")
    func loadMatchesParse() throws {
        let path = TestFiles.fixture("John_Doe_ANDROID.vcf")
        let loaded = try ContactImporter.load(path: path)
        let parsed = ContactImporter.parse(vCard: try TestFiles.fixtureBytes("John_Doe_ANDROID.vcf"), file: path)
        #expect(loaded == parsed)
        #expect(loaded.contacts.allSatisfy { $0.source.file == path })
    }

    /// A file of `parallelBytes` or more is read in two parts, each into a part of its own;
    /// a smaller one, or a CSV file, in one. In order, the parts hold what `load` gives.
    @Test("read in parts: the parts, in order, hold the file's contacts", arguments: [("large.vcf", 2), ("small.vcf", 1), ("google.csv", 1)])
    func readInParts(name: String, partCount: Int) throws {
        let directory = try TestFiles.temporaryDirectory()
        defer { TestFiles.cleanUp(directory) }
        let path = directory.appendingPathComponent(name).path
        let text: String
        switch name {
        case "large.vcf":
            let card = { (number: Int) in "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(number)\r\nTEL;TYPE=CELL:+44 7700 \(900_000 + number)\r\nEND:VCARD\r\n" }
            text = (0..<80_000).map(card).joined()
            #expect(text.utf8.count >= VCardParser.parallelBytes)
        case "small.vcf": text = String.crlf(["BEGIN:VCARD", "FN:Ann", "TEL:1", "END:VCARD", "BEGIN:VCARD", "FN:Bob", "END:VCARD"])
        default: text = "Name,Phone 1 - Value\nAnn,1\nBob,2\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))

        let (parts, warnings) = try ContactImporter.read(path: path, parts: { [Contact]() }, add: { part, contact in part.append(contact) })
        let loaded = try ContactImporter.load(path: path)
        #expect(parts.count == partCount)
        #expect(parts.allSatisfy { !$0.isEmpty })
        #expect(parts.flatMap { $0 } == loaded.contacts)
        #expect(warnings == loaded.warnings)
    }

    @Test("parse accepts any collection of bytes, not only arrays")
    func nonContiguousBytes() {
        let text = String.crlf(["BEGIN:VCARD", "FN:Ann", "END:VCARD"])
        let book = ContactImporter.parse(vCard: text.utf8, file: "lazy.vcf")
        #expect(book.contacts.map(\.displayName) == ["Ann"])
    }

    @Test(
        "the 100k benchmark book: exactly 100,000 contacts and 135,932 numbers",
        .enabled(
            if: TestFiles.dataset("contacts-100k.vcf") != nil,
            "shared/datasets/contacts-100k.vcf is not beside this checkout, so the benchmark book cannot be checked"
        )
    )
    func benchmarkBook() throws {
        let path = try #require(TestFiles.dataset("contacts-100k.vcf"))
        let book = try ContactImporter.load(path: path)
        #expect(book.warnings.isEmpty)
        #expect(book.contacts.count == 100_000)
        #expect(book.contacts.reduce(0) { $0 + $1.numbers.count } == 135_932)
        #expect(Set(book.contacts.map(\.uid)).count == 100_000)

        let first = try #require(book.contacts.first)
        #expect(first.uid == "urn:uuid:ec350b48d5cf3b55f4e68e2ff5f62ef9")
        #expect(first.displayName == "David Yu")
        #expect(first.numbers == [PhoneNumber("+12015598459", types: ["cell"])])
        // Folded Georgian organization names come out whole.
        #expect(book.contacts.allSatisfy { !($0.organization ?? "").contains("\u{FFFD}") })
    }
}
