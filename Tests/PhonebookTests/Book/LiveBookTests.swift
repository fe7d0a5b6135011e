// SPDX-License-Identifier: Apache-2.0

import CardDAVTestSupport
import ContactBook
import ContactWatch
import DialerConfig
import Phonebook
import DialHistory
import Foundation
import Glibc
import T9Search
import TestFixtures
import Testing
import struct SystemPackage.FileDescriptor

/// The book as the daemon's poll loop drives it: real files, real inotify, a real reload
/// thread; the loop's clock is a number the test moves, and each wait is a poll with a generous
/// time-out that asserts nothing about time.
@Suite("Live book")
struct LiveBookTests {
    /// Waits until one of `descriptors` is readable and returns those that are.
    static func waitReadable(_ descriptors: [FileDescriptor], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [FileDescriptor] {
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        let count = poll(&entries, nfds_t(entries.count), 60_000)
        #expect(count > 0, "a descriptor became readable", sourceLocation: sourceLocation)
        return entries.filter { $0.revents & Int16(POLLIN) != 0 }.map { FileDescriptor(rawValue: $0.fd) }
    }

    static let settle: Int64 = 400_000

    @Test func aFileChangedIsSearchedAfterItSettlesWhileTheOldBookServes() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(TestFiles.card(uid: "ada", name: "Ada Lovelace"), to: directory + "/book.vcf")
            let loader = BookLoaderTests.loader([.named(file)])
            var live = LiveBook(loader: loader, book: try loader.load(history: nil), history: nil)
            #expect(live.watchProblem == nil)
            #expect(live.deadline == nil)
            #expect(live.descriptors.count == 1)

            // An editor saves: a temporary file renamed over the book.
            try TestFiles.write(TestFiles.card(uid: "fred", name: "Fred Smith"), to: directory + "/.book.vcf.tmp")
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.moveItem(atPath: directory + "/.book.vcf.tmp", toPath: file)
            var now: Int64 = 10_000_000
            var update = live.handle(readable: Self.waitReadable(live.descriptors), at: now)
            #expect(update.book == nil)
            #expect(live.deadline == now + Self.settle)

            // Not yet settled: nothing starts, and the old book is still the one searched.
            now += Self.settle - 1
            update = live.handle(readable: [], at: now)
            #expect(update.book == nil && live.descriptors.count == 1)
            #expect(BookLoaderTests.found("232", in: live.book) == ["ada"])

            // Settled: the reload starts on its thread, and its descriptor joins the poll set.
            now += 1
            update = live.handle(readable: [], at: now)
            #expect(update.book == nil)
            #expect(live.descriptors.count == 2)
            #expect(live.deadline == nil)

            var book: LoadedBook?
            while book == nil {
                now += 1000
                book = live.handle(readable: Self.waitReadable(live.descriptors), at: now).book
            }
            #expect(BookLoaderTests.found("3733", in: book!) == ["fred"])
            #expect(BookLoaderTests.found("232", in: live.book).isEmpty)
            #expect(live.descriptors.count == 1)
            #expect(live.deadline == nil)
        }
    }

    @Test func aFileBrokenMidEditKeepsItsContactsAndSaysSo() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(TestFiles.card(uid: "ada", name: "Ada Lovelace"), to: directory + "/book.vcf")
            let loader = BookLoaderTests.loader([.named(file)])
            var live = LiveBook(loader: loader, book: try loader.load(history: nil), history: nil)
            try TestFiles.write("BEGIN:VC", to: file)
            var now: Int64 = 0
            _ = live.handle(readable: Self.waitReadable(live.descriptors), at: now)
            now += Self.settle
            var update = live.handle(readable: [], at: now)
            while update.book == nil {
                update = live.handle(readable: Self.waitReadable(live.descriptors), at: now)
            }
            #expect(BookLoaderTests.found("232", in: update.book!) == ["ada"])
            #expect(update.messages.count == 1)
            #expect(update.messages.first?.text.hasPrefix(file + ":1: there is no BEGIN:VCARD line") == true)
            #expect(update.messages.first?.text.hasSuffix("Its last good copy (1 contact) is kept until it loads again.") == true)
        }
    }

    @Test func theSyncedFolderMadeAfterStartIsPickedUp() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let named = try TestFiles.write(TestFiles.card(uid: "ada", name: "Ada Lovelace"), to: directory + "/a.vcf")
            let cache = directory + "/state/t9dial/carddav"
            let loader = BookLoaderTests.loader([.named(named), .synced(folder: cache)])
            var live = LiveBook(loader: loader, book: try loader.load(history: nil), history: nil)
            // What a first sync does: the folder with its parents, the cards, then the state.
            try TestFiles.write(TestFiles.card(uid: "srv", name: "Sam Server"), to: cache + "/srv.vcf")
            try TestFiles.write(#"{"cards":{"/book/srv.vcf":{"file":"srv.vcf"}}}"#, to: cache + "/sync-state.json")
            var now: Int64 = 0
            var book: LoadedBook?
            while book == nil {
                now += Self.settle
                book = live.handle(readable: Self.waitReadable(live.descriptors), at: now).book
                if book == nil, live.deadline != nil { book = live.handle(readable: [], at: live.deadline!).book }
            }
            #expect(BookLoaderTests.uids(book!) == ["ada", "srv"])
        }
    }

    @Test func withoutAWatcherTheBookStaysAsLoaded() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(TestFiles.card(uid: "ada", name: "Ada Lovelace"), to: directory + "/book.vcf")
            // A name longer than the system allows cannot be watched; the rest carries on.
            let tooLong = directory + "/" + String(repeating: "x", count: 300) + "/cards"
            let loader = BookLoaderTests.loader([.named(file), .synced(folder: tooLong)])
            var live = LiveBook(loader: loader, book: try loader.load(history: nil), history: nil)
            #expect(live.watchProblem?.description.hasPrefix("cannot watch the contacts for changes: watching ") == true)
            #expect(live.descriptors.isEmpty)
            #expect(live.deadline == nil)
            let update = live.handle(readable: [], at: 1_000_000_000)
            #expect(update.book == nil && update.messages.isEmpty)
            #expect(BookLoaderTests.found("232", in: live.book) == ["ada"])
        }
    }

    @Test func theBookReloadsInTheBackgroundAndTakesTheResult() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(TestFiles.card(uid: "ada", name: "Ada Lovelace"), to: directory + "/book.vcf")
            let configFile = try TestFiles.write("", to: directory + "/config.toml")
            var book = try Book.load(.init(configFile: configFile, contacts: [file], dataDirectory: TestFiles.dataDirectory))
            #expect(book.loader.watchedPaths == [file])
            try TestFiles.write(TestFiles.card(uid: "fred", name: "Fred Smith"), to: file)
            let task = try book.reloadInBackground()
            #expect(Self.waitReadable([task.readinessDescriptor]) == [task.readinessDescriptor])
            let result = task.result()
            let reloaded = try #require(result)
            book.replaceLoaded(with: reloaded)
            #expect(book.index.search(Fixtures.keys("3733")).map { book.index.contacts.uid(of: $0.contact) } == ["fred"])
            #expect(book.sources.files == [file])
            #expect(book.index.alphabet.layouts.map(\.id) == book.loader.alphabet.layouts.map(\.id))
        }
    }

    /// Waits for the next book, moving the clock on as the loop's would.
    static func nextBook(_ live: inout LiveBook, now: inout Int64) -> (LoadedBook, [String]) {
        var messages: [String] = []
        while true {
            now += 1000
            // A reload waiting for its changes to settle: the clock goes there, as the loop's would.
            let readable =
                live.deadline.map { deadline in
                    now = max(now, deadline)
                    return [FileDescriptor]()
                } ?? waitReadable(live.descriptors)
            let update = live.handle(readable: readable, at: now)
            messages += update.messages.map(\.text)
            if let book = update.book { return (book, messages) }
        }
    }

    @Test func aDialRanksTheBookAnewFromTheHistory() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(
                TestFiles.card(uid: "ann", name: "Ann Baker") + TestFiles.card(uid: "bob", name: "Bob Baker"), to: directory + "/book.vcf")
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            let loader = BookLoaderTests.loader([.named(file)])
            var live = LiveBook(loader: loader, book: try loader.load(history: history), history: history)
            #expect(BookLoaderTests.found("22537", in: live.book) == ["ann", "bob"])
            _ = try history.record(Dial(uid: "bob", number: "+44 7700 900000", time: Date(), status: .placed))

            live.rankAgain()
            #expect(live.deadline == 0)
            var now: Int64 = 1_000_000
            #expect(live.handle(readable: [], at: now).book == nil)
            #expect(live.deadline == nil)
            let (book, _) = Self.nextBook(&live, now: &now)
            #expect(BookLoaderTests.found("22537", in: book) == ["bob", "ann"])
            #expect(BookLoaderTests.found("22537", in: live.book) == ["bob", "ann"])
            #expect(live.descriptors.count == 1)
        }
    }

    @Test func withoutAHistoryThereIsNothingToRankBy() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let file = try TestFiles.write(TestFiles.card(uid: "ann", name: "Ann Baker"), to: directory + "/book.vcf")
            let loader = BookLoaderTests.loader([.named(file)])
            var live = LiveBook(loader: loader, book: try loader.load(history: nil), history: nil)
            live.rankAgain()
            #expect(live.deadline == nil)
        }
    }

    /// The daemon syncs the `[carddav]` book at start and every `interval_min`: the cards a
    /// sync brings are searched without a restart.
    @Test(.enabled(if: RadicaleServer.isInstalled, "radicale is not installed: \(RadicaleServer.installHint)"))
    func theAddressBookIsSyncedAtStartAndItsCardsSearched() throws {
        try RadicaleServer.with { server in
            try server.put("ada", card: CardFixtures.card(uid: "ada", name: "Ada Lovelace", phone: "+44 20 7946 0001"))
            try TestFiles.withTemporaryDirectory { directory in
                let passwordFile = try TestFiles.write(RadicaleServer.password + "\n", to: directory + "/password")
                chmod(passwordFile, 0o600)
                let settings = CardDAVSettings(
                    url: server.bookURL.absoluteString, user: RadicaleServer.user, passwordFile: passwordFile, intervalMinutes: 1)
                let local = try TestFiles.write(TestFiles.card(uid: "fred", name: "Fred Smith"), to: directory + "/book.vcf")
                let loader = BookLoaderTests.loader([.named(local), .synced(folder: directory + "/carddav")])
                var live = LiveBook(loader: loader, book: try loader.load(history: nil), history: nil, carddav: settings)
                #expect(live.deadline == 0)  // the first sync is due at once
                #expect(BookLoaderTests.found("232", in: live.book).isEmpty)

                var now: Int64 = 5_000_000
                _ = live.handle(readable: [], at: now)
                // The cache folder appearing is a change, but no reload reads it before the sync is done.
                let (book, messages) = Self.nextBook(&live, now: &now)
                #expect(messages.contains { $0.contains("1 added") }, "\(messages)")
                #expect(BookLoaderTests.found("232", in: book) == ["ada"])
                #expect(BookLoaderTests.found("3733", in: book) == ["fred"])

                // A card added on the server arrives with the next sync, a minute after the first.
                try server.put("bob", card: CardFixtures.card(uid: "bob", name: "Bob Baker", phone: "+44 20 7946 0002"))
                now = 5_000_000 + 60_000_000
                _ = live.handle(readable: [], at: now)
                let (later, _) = Self.nextBook(&live, now: &now)
                #expect(BookLoaderTests.found("262", in: later) == ["bob"])
            }
        }
    }
}
