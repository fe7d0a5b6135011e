// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialerConfig
@testable import Phonebook
import Foundation
import T9Search
import Synchronization
import TestFixtures
import Testing

@Suite("Book loader")
struct BookLoaderTests {
    static func loader(_ sources: [BookLoader.Source], favourites: [String] = []) -> BookLoader {
        BookLoader(sources: sources, alphabet: Fixtures.alphabet, options: SearchOptions(), favourites: HistorySettings(favourites: favourites))
    }

    /// The UIDs `digits` finds, best first, through a search session as the dialer uses it.
    static func found(_ digits: String, in book: LoadedBook) -> [String] {
        let session = SearchSession(index: book.index)
        session.setQuery(Fixtures.keys(digits))
        return session.results(limit: 20).map { book.index.contacts.uid(of: $0.contact) }
    }

    static func uids(_ book: LoadedBook) -> [String] {
        book.index.contacts.indices.map { book.index.contacts.uid(of: $0) }
    }

    static func cards(_ people: (uid: String, name: String)...) -> String {
        people.map { TestFiles.card(uid: $0.uid, name: $0.name) }.joined()
    }

    @Test func aReloadSearchesTheContactsAsTheyAreNow() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(Self.cards(("ada", "Ada Lovelace")), to: directory + "/book.vcf")
            let loader = Self.loader([.named(file)])
            let first = try loader.load(history: nil)
            #expect(Self.found("232", in: first) == ["ada"])
            try TestFiles.write(Self.cards(("fred", "Fred Smith"), ("ada", "Ada Lovelace")), to: file)
            let second = loader.reload(keeping: first, history: nil)
            #expect(Self.found("3733", in: second) == ["fred"])
            #expect(Self.found("232", in: second) == ["ada"])
            #expect(second.problems.isEmpty)
            #expect(second.sources.files == [file])
            // Same alphabet and options as before.
            #expect(second.index.options == first.index.options)
        }
    }

    @Test func atStartASourceThatDoesNotLoadIsThrownAsBefore() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let missing = #expect(throws: ContactBookError.self) {
                _ = try Self.loader([.named(directory + "/missing.vcf")]).load(history: nil)
            }
            #expect(missing?.kind == .fileNotFound)
            try FileManager.default.createDirectory(atPath: directory + "/empty", withIntermediateDirectories: true)
            let empty = #expect(throws: ContactBookError.self) {
                _ = try Self.loader([.named(directory + "/empty")]).load(history: nil)
            }
            #expect(empty?.description.contains("the folder has no .vcf, .vcard or .csv files") == true)
        }
    }

    /// Ways a file stops loading as a whole, that work also for root (for whom chmod 000 does not).
    struct Breakage: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let kind: ContactBookError.Kind
        let breakFile: @Sendable (String) throws -> Void
    }

    static let breakages: [Breakage] = [
        Breakage(testDescription: "binary garbage", kind: .notAVCard) { path in
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).write(to: URL(fileURLWithPath: path))
        },
        Breakage(testDescription: "half written", kind: .notAVCard) { path in try TestFiles.write("BEGIN:VC", to: path) },
        Breakage(testDescription: "replaced by a folder", kind: .notAFile) { path in
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try TestFiles.write(TestFiles.card(uid: "inside", name: "Inside Folder"), to: path + "/inside.vcf")
        },
        Breakage(testDescription: "deleted", kind: .fileNotFound) { path in try FileManager.default.removeItem(atPath: path) },
    ]

    @Test("A named file that no longer loads keeps its last good copy", arguments: breakages)
    func namedFileKeepsItsLastGoodCopy(breakage: Breakage) throws {
        try TestFiles.withTemporaryDirectory { directory in
            let broken = try TestFiles.write(Self.cards(("ada", "Ada Lovelace"), ("al", "Al Jones")), to: directory + "/a.vcf")
            let fine = try TestFiles.write(Self.cards(("bea", "Bea Fine")), to: directory + "/b.vcf")
            let loader = Self.loader([.named(broken), .named(fine)])
            let first = try loader.load(history: nil)
            try breakage.breakFile(broken)
            try TestFiles.write(Self.cards(("bea", "Bea Fine"), ("bo", "Bo Fine")), to: fine)

            let second = loader.reload(keeping: first, history: nil)
            #expect(Self.uids(second) == ["ada", "al", "bea", "bo"])
            #expect(Self.found("568", in: second) == ["ada"])  // "Lov"
            #expect(second.sources.files == [fine])
            #expect(second.problems.map(\.error.file) == [broken])
            #expect(second.problems.map(\.error.kind) == [breakage.kind])
            #expect(second.problems.map(\.keptContacts) == [2])
            #expect(second.problems.first?.description.hasSuffix("Its last good copy (2 contacts) is kept until it loads again.") == true)
            #expect(second.messages(since: first) == second.problems.map { .warning($0.description) })

            // Still broken: kept again from the copy, and not reported twice.
            let third = loader.reload(keeping: second, history: nil)
            #expect(Self.uids(third) == ["ada", "al", "bea", "bo"])
            #expect(third.problems == second.problems)
            #expect(third.messages(since: second).isEmpty)

            // Mended: read again, and said.
            try? FileManager.default.removeItem(atPath: broken)
            try TestFiles.write(Self.cards(("ann", "Ann New")), to: broken)
            let fourth = loader.reload(keeping: third, history: nil)
            #expect(Self.uids(fourth) == ["ann", "bea", "bo"])
            #expect(fourth.problems.isEmpty)
            #expect(fourth.messages(since: third) == [.info("\(broken): loads again")])
        }
    }

    @Test func aFileThatNeverLoadedKeepsNothing() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write("", to: directory + "/a.vcf")  // empty: an empty book
            let loader = Self.loader([.named(file)])
            let first = try loader.load(history: nil)
            try TestFiles.write("Name;Telephone\nAda;1\n", to: file)
            let second = loader.reload(keeping: first, history: nil)
            #expect(second.contactCount == 0)
            #expect(second.problems.map(\.keptContacts) == [0])
        }
    }

    @Test func inAFolderDeletedFilesGoAndBrokenOnesAreKept() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let folder = directory + "/cards"
            try TestFiles.write(Self.cards(("ada", "Ada Lovelace")), to: folder + "/a.vcf")
            try TestFiles.write(Self.cards(("bea", "Bea Gone")), to: folder + "/b.vcf")
            try TestFiles.write(Self.cards(("cy", "Cy Broken")), to: folder + "/c.vcf")
            let loader = Self.loader([.named(folder)])
            let first = try loader.load(history: nil)
            try FileManager.default.removeItem(atPath: folder + "/b.vcf")
            try TestFiles.write("not a card\n", to: folder + "/c.vcf")
            try TestFiles.write(Self.cards(("di", "Di New")), to: folder + "/d.vcf")
            try TestFiles.write(Self.cards(("hid", "Hidden")), to: folder + "/.d.vcf.swp")

            let second = loader.reload(keeping: first, history: nil)
            #expect(Self.uids(second) == ["ada", "cy", "di"])
            #expect(second.problems.map(\.error.file) == [folder + "/c.vcf"])
            #expect(second.problems.map(\.keptContacts) == [1])
        }
    }

    @Test func aFolderGoneKeepsEveryFileAndAFolderEmptiedKeepsNothing() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let folder = directory + "/cards"
            try TestFiles.write(Self.cards(("ada", "Ada Lovelace")), to: folder + "/a.vcf")
            try TestFiles.write(Self.cards(("bea", "Bea Two")), to: folder + "/b.vcf")
            let loader = Self.loader([.named(folder)])
            let first = try loader.load(history: nil)

            try FileManager.default.moveItem(atPath: folder, toPath: directory + "/moved")
            let gone = loader.reload(keeping: first, history: nil)
            #expect(Self.uids(gone) == ["ada", "bea"])
            #expect(gone.problems.map(\.error.file) == [folder])
            #expect(gone.problems.map(\.keptContacts) == [2])

            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            let emptied = loader.reload(keeping: gone, history: nil)
            #expect(emptied.contactCount == 0)
            #expect(emptied.problems.map(\.keptContacts) == [nil])
            #expect(emptied.problems.first?.description.hasSuffix("It adds no contacts until it loads.") == true)
        }
    }

    @Test func aBadCardIsAWarningOnceAndTheRestIsKept() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(Self.cards(("ada", "Ada Lovelace")), to: directory + "/a.vcf")
            let loader = Self.loader([.named(file)])
            let first = try loader.load(history: nil)
            try TestFiles.write(Self.cards(("ada", "Ada Lovelace")) + "BEGIN:VCARD\nFN:Cut Short\n", to: file)
            let second = loader.reload(keeping: first, history: nil)
            #expect(Self.uids(second) == ["ada"])
            #expect(second.problems.isEmpty)
            #expect(second.sources.warnings.count == 1)
            #expect(second.messages(since: first) == second.sources.warnings.map { .warning($0.description) })
            let third = loader.reload(keeping: second, history: nil)
            #expect(third.messages(since: second).isEmpty)
        }
    }

    @Test func favouritesKeptFromALastGoodCopyStillRankFirst() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(Self.cards(("abe", "Abe Able"), ("zed", "Zed Able")), to: directory + "/a.vcf")
            let loader = Self.loader([.named(file)], favourites: ["zed"])
            let first = try loader.load(history: nil)
            #expect(Self.found("2253", in: first) == ["zed", "abe"])
            try TestFiles.write("garbage\n", to: file)
            let second = loader.reload(keeping: first, history: nil)
            #expect(second.problems.count == 1)
            #expect(Self.found("2253", in: second) == ["zed", "abe"])
        }
    }

    @Test func theSyncedAddressBookCountsOnceASyncHasCachedCards() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let named = try TestFiles.write(Self.cards(("ada", "Ada Lovelace")), to: directory + "/a.vcf")
            let cache = directory + "/state/carddav"
            let loader = Self.loader([.named(named), .synced(folder: cache)])
            #expect(loader.watchedPaths == [named, cache])
            let first = try loader.load(history: nil)
            #expect(Self.uids(first) == ["ada"])
            #expect(first.problems.isEmpty)

            try TestFiles.write(Self.cards(("srv", "Sam Server")), to: cache + "/srv.vcf")
            try TestFiles.write(#"{"cards":{"/book/srv.vcf":{"file":"srv.vcf"}}}"#, to: cache + "/sync-state.json")
            let synced = loader.reload(keeping: first, history: nil)
            #expect(Self.uids(synced) == ["ada", "srv"])

            try TestFiles.write("{ half", to: cache + "/sync-state.json")
            let unreadable = loader.reload(keeping: synced, history: nil)
            #expect(Self.uids(unreadable) == ["ada", "srv"])
            #expect(unreadable.problems.map(\.keptContacts) == [1])
            #expect(unreadable.problems.first?.description.contains("t9dial sync") == true)

            try TestFiles.write(#"{"cards":{}}"#, to: cache + "/sync-state.json")
            let emptied = loader.reload(keeping: unreadable, history: nil)
            #expect(Self.uids(emptied) == ["ada"])
            #expect(emptied.problems.isEmpty)
        }
    }

    /// A load's percentage only grows, is told once per value, and is 100 once the book is
    /// indexed; reading a book of 5,000 cards is told in several steps before the indexing.
    @Test func progressGrowsToAHundred() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write((0..<5_000).map { TestFiles.card(uid: "u\($0)", name: "Person \($0)") }.joined(), to: directory + "/book.vcf")
            try Self.checkProgress(Self.loader([.named(directory + "/book.vcf")]), contacts: 5_000)
        }
    }

    static func checkProgress(_ loader: BookLoader, contacts: Int) throws {
        let told = Mutex<[Int]>([])
        let progress = loader.progress { percent in told.withLock { $0.append(percent) } }
        let book = try loader.load(history: nil, progress: progress)
        let percents = told.withLock { $0 }
        #expect(book.contactCount == contacts)
        #expect(percents == percents.sorted() && Set(percents).count == percents.count)
        #expect(percents.last == 100)
        #expect(progress.percent == 100)
        #expect(percents.filter { $0 < Int(LoadProgress.readingShare * 100) }.count >= 3)
    }
}
