// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Phonebook
import DialHistory
import Foundation
import T9Search
import Presentation
import TestFixtures
import Testing

/// Every test names its own config file, so none reads ~/.config or /etc.
@Suite("Book setup")
struct BookTests {
    /// A temp folder with `config.toml` holding `config`, and two books: `config.vcf` (Fred
    /// Smith) and `flag.vcf` (Flora Flag).
    func withSetup<T>(config: String, _ body: (_ directory: String, _ configFile: String) throws -> T) throws -> T {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write(
                TestFiles.card(uid: "fred", name: "Fred Smith", numbers: ["+44 121 496 0000"]), to: directory + "/config.vcf")
            try TestFiles.write(
                TestFiles.card(uid: "flora", name: "Flora Flag", numbers: ["+1 201-555-0123"]), to: directory + "/flag.vcf")
            let configFile = try TestFiles.write(config, to: directory + "/config.toml")
            return try body(directory, configFile)
        }
    }

    /// The uids of the contacts `digits` finds.
    func uids(_ book: Book, _ digits: String) -> [String] {
        book.index.search(Fixtures.keys(digits)).map { book.index.contacts.uid(of: $0.contact) }
    }

    static let fullConfig = """
        contacts = ["config.vcf"]

        [search]
        region = "GB"
        match = "anywhere"
        limit = 3

        """

    @Test func theConfigFileIsUsedWhenNothingOverridesIt() throws {
        try withSetup(config: Self.fullConfig) { directory, configFile in
            let book = try Book.load(.init(configFile: configFile, dataDirectory: TestFiles.dataDirectory))
            #expect(book.configuration.file == configFile)
            #expect(book.sources.files == [directory + "/config.vcf"])  // relative to the config file
            #expect(uids(book, "3733") == ["fred"])
            #expect(book.index.options.region?.code == "GB")
            #expect(book.index.options.mode == .anywhere)
            #expect(book.limit == 3)
            // The region is in effect: 0121 is how +44 121 is dialled in GB.
            #expect(uids(book, "0121") == ["fred"])
        }
    }

    /// A running service reloads with the history it records into: the reloaded book ranks
    /// by its calls (and learns its picks), and takes the config's keep_calls.
    @Test func aReloadRanksWithTheHistoryGivenAndKeepsItWithinTheConfigsLimit() throws {
        let config = "contacts = [\"config.vcf\", \"flag.vcf\"]\n[history]\nkeep_calls = 150\n"
        try withSetup(config: config) { directory, configFile in
            let history = try DialHistory(path: directory + "/history.sqlite")
            try history.record(Dial(uid: "flora", number: "+1 201-555-0123", time: Date(), status: .answered))
            let book = try Book.load(.init(configFile: configFile, dataDirectory: TestFiles.dataDirectory), reusing: history)
            #expect(book.history === history)
            #expect(book.historyProblem == nil)
            #expect(history.limits.calls == 150)
            // Both are F; Flora was called, so she comes first.
            #expect(uids(book, "3") == ["flora", "fred"])
        }
    }

    @Test func overridesBeatTheConfigFile() throws {
        try withSetup(config: Self.fullConfig) { directory, configFile in
            let book = try Book.load(
                .init(
                    configFile: configFile, contacts: [directory + "/flag.vcf"], dataDirectory: TestFiles.dataDirectory,
                    region: "us", match: .smart, limit: 7
                ))
            #expect(book.sources.files == [directory + "/flag.vcf"])
            #expect(uids(book, "3733").isEmpty)
            #expect(uids(book, "35672") == ["flora"])
            #expect(book.index.options.region?.code == "US")
            #expect(book.index.options.mode == .smart)
            #expect(book.limit == 7)
            #expect(uids(book, "2015550123") == ["flora"])
        }
    }

    @Test func anEmptyRegionOverrideTurnsTheConfiguredRegionOff() throws {
        try withSetup(config: Self.fullConfig) { _, configFile in
            let book = try Book.load(.init(configFile: configFile, dataDirectory: TestFiles.dataDirectory, region: ""))
            #expect(book.index.options.region == nil)
            #expect(uids(book, "0121").isEmpty)
        }
    }

    @Test func anEmptyConfigGivesTheDefaults() throws {
        try withSetup(config: "") { directory, configFile in
            let book = try Book.load(
                .init(
                    configFile: configFile, contacts: [directory + "/config.vcf"], dataDirectory: TestFiles.dataDirectory))
            #expect(book.index.options.region == nil)
            #expect(book.index.options.mode == .smart)
            #expect(book.limit == 20)
        }
    }

    @Test func noContactsAnywhereSaysHowToNameThem() throws {
        try withSetup(config: "[search]\nlimit = 5\n") { _, configFile in
            let error = #expect(throws: BookError.self) {
                try Book.load(.init(configFile: configFile, dataDirectory: TestFiles.dataDirectory))
            }
            guard case .noContacts(let file, awaitingSync: false) = error else {
                Issue.record("expected noContacts, got \(String(describing: error))")
                return
            }
            #expect(file == configFile)
            let message = try #require(error?.description)
            #expect(message.hasPrefix("no contacts to search"))
            #expect(message.contains("--contacts FILE"))
            #expect(message.contains(configFile))
        }
    }

    @Test func anUnknownRegionSaysSo() throws {
        try withSetup(config: "") { directory, configFile in
            let error = #expect(throws: BookError.self) {
                try Book.load(
                    .init(
                        configFile: configFile, contacts: [directory + "/config.vcf"], dataDirectory: TestFiles.dataDirectory,
                        region: "ZZ"))
            }
            guard case .unknownRegion("ZZ") = error else {
                Issue.record("expected unknownRegion(\"ZZ\"), got \(String(describing: error))")
                return
            }
            let message = try #require(error?.description)
            #expect(message.hasPrefix(#"unknown region "ZZ" for --region"#))
            #expect(message.contains("two-letter ISO code such as \"AE\""))
        }
    }

    @Test func aBadConfigFileIsAConfigErrorWithFileAndLine() throws {
        try withSetup(config: "[search]\nmach = \"smart\"\n") { directory, configFile in
            let error = #expect(throws: BookError.self) {
                try Book.load(
                    .init(
                        configFile: configFile, contacts: [directory + "/config.vcf"], dataDirectory: TestFiles.dataDirectory))
            }
            guard case .config(let configError) = error else {
                Issue.record("expected a config error, got \(String(describing: error))")
                return
            }
            #expect(configError.file == configFile)
            #expect(configError.line == 2)
            #expect(configError.key == "search.mach")
            let message = try #require(error?.description)
            #expect(message.hasPrefix(configFile + ":2: "))
            #expect(message.contains("\"mach\""))
        }
    }

    @Test func aMissingContactsFileIsAContactsError() throws {
        try withSetup(config: "") { directory, configFile in
            let missing = directory + "/missing.vcf"
            let error = #expect(throws: BookError.self) {
                try Book.load(.init(configFile: configFile, contacts: [missing], dataDirectory: TestFiles.dataDirectory))
            }
            guard case .contacts(let contactsError) = error else {
                Issue.record("expected a contacts error, got \(String(describing: error))")
                return
            }
            #expect(contactsError.file == missing)
            #expect(error?.description.hasPrefix(missing) == true)
        }
    }

    @Test func aDataDirectoryWithoutLayoutsIsAConfigError() throws {
        try withSetup(config: "") { directory, configFile in
            let error = #expect(throws: BookError.self) {
                try Book.load(.init(configFile: configFile, contacts: [directory + "/config.vcf"], dataDirectory: directory))
            }
            guard case .config = error else {
                Issue.record("expected a config error, got \(String(describing: error))")
                return
            }
            #expect(error?.description.contains(directory) == true)
        }
    }
}
