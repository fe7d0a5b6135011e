// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation
public import T9Search

/// Files the tests read from the source tree, and scratch directories they write: shared by
/// the test targets of the program's modules (DialerKit, Phonebook, Presentation, Diagnostics).
public enum TestFiles {
    /// The package's root directory, found from this file's path.
    public static let repositoryRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestFixtures
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
        .path

    /// `Config/`, the data directory of a source checkout.
    public static let dataDirectory = repositoryRoot + "/Config"

    /// The sample contact book shipped in `Config/samples`.
    public static let sampleContacts = dataDirectory + "/samples/contacts.vcf"

    /// Runs `body` with a new empty directory (no trailing slash), removed afterwards.
    @discardableResult
    public static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("t9dial-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// Writes `text` as UTF-8 to `path`, creating the directories on the way; returns `path`.
    @discardableResult
    public static func write(_ text: String, to path: String) throws -> String {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// One vCard 3.0 card.
    public static func card(uid: String, name: String, numbers: [String] = ["+44 7700 900000"]) -> String {
        (["BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "FN:\(name)"]
            + numbers.map { "TEL;TYPE=CELL:\($0)" }
            + ["END:VCARD"]).joined(separator: "\n") + "\n"
    }
}

/// The shipped layouts and small indexes built on them.
public enum Fixtures {
    public static let alphabet: T9Alphabet = {
        do {
            return T9Alphabet(layouts: try LayoutCatalog.load(directory: TestFiles.dataDirectory + "/layouts").layouts)
        } catch {
            fatalError("the shipped layouts must load: \(error)")
        }
    }()

    /// Keys for a string of digits written in a test ("37337").
    public static func keys(_ digits: String) -> [UInt8] { digits.unicodeScalars.map { UInt8($0.value - 48) } }

    public static func index(_ contacts: [SearchableContact], options: SearchOptions = SearchOptions()) -> SearchIndex {
        SearchIndex(contacts: contacts, alphabet: alphabet, options: options)
    }
}
