// SPDX-License-Identifier: Apache-2.0

import CardDAV
import CardDAVTestSupport
import ContactBook
import Foundation
import Testing

@Suite(
    "Syncing from a real Radicale server",
    .enabled(if: RadicaleServer.isInstalled, "radicale is not installed: \(RadicaleServer.installHint)")
)
struct CardDAVSyncTests {
    static let fred = CardFixtures.card(uid: "fred", name: "Fred Smith", phone: "+44 121 496 0000")
    static let william = CardFixtures.card(uid: "william", name: "William John Smith", phone: "+44 7700 900123")
    static let telemaco = CardFixtures.card(uid: "telemaco", name: "Telemaco Palombi", phone: "+39 06 1234 5678")

    /// The names in the cached cards, read the way the contact book reads them.
    static func names(in cache: CardDAVCache) throws -> [String] {
        try cache.cachedCards().flatMap { try ContactImporter.load(path: $0).contacts.map(\.displayName) }.sorted()
    }

    static func sync(_ server: RadicaleServer, _ cache: CardDAVCache, _ strategy: CardDAVSync.Strategy) throws -> SyncReport {
        try CardDAVSync.sync(
            url: server.bookURL, user: RadicaleServer.user, password: RadicaleServer.password, cache: cache,
            strategy: strategy)
    }

    @Test func theFirstSyncCachesEveryCard() throws {
        try RadicaleServer.with { server in
            try server.put("fred", card: Self.fred)
            try server.put("william", card: Self.william)
            try server.put("telemaco", card: Self.telemaco)
            try CardFixtures.withTemporaryFolder { folder in
                let cache = CardDAVCache(folder: folder + "/carddav")
                let report = try Self.sync(server, cache, .automatic)
                #expect(report.method == .syncCollection)
                #expect(report.added == 3 && report.changed == 0 && report.deleted == 0)
                #expect(report.fetched == ["fred", "telemaco", "william"].map(server.href))
                #expect(report.warnings.isEmpty)
                #expect(cache.cachedCards().map { ($0 as NSString).lastPathComponent } == ["fred.vcf", "telemaco.vcf", "william.vcf"])
                #expect(try Self.names(in: cache) == ["Fred Smith", "Telemaco Palombi", "William John Smith"])
                let state = try cache.state()
                #expect(state.syncToken != nil)
                #expect(state.cards.count == 3)
            }
        }
    }

    /// A card over 1 MiB is dropped with a warning and never cached; the others sync.
    @Test func aCardOverTheLimitIsNotCached() throws {
        try RadicaleServer.with { server in
            try server.put("fred", card: Self.fred)
            let note = "NOTE:" + String(repeating: "x", count: 70) + String(repeating: "\r\n " + String(repeating: "x", count: 74), count: 15_000)
            try server.put("huge", card: Self.william.replacingOccurrences(of: "END:VCARD", with: note + "\r\nEND:VCARD"))
            try CardFixtures.withTemporaryFolder { folder in
                let cache = CardDAVCache(folder: folder + "/carddav")
                let report = try Self.sync(server, cache, .automatic)
                #expect(report.warnings.map(\.description).contains { $0.hasPrefix(server.href("huge") + ": the card is") && $0.hasSuffix("not cached") })
                #expect(try Self.names(in: cache) == ["Fred Smith"])
                #expect(try cache.state().cards.keys.sorted() == [server.href("fred")])
            }
        }
    }

    @Test(arguments: [CardDAVSync.Strategy.automatic, .etagsOnly])
    func addedChangedAndDeletedCardsAreFollowed(strategy: CardDAVSync.Strategy) throws {
        try RadicaleServer.with { server in
            try server.put("fred", card: Self.fred)
            try server.put("william", card: Self.william)
            try CardFixtures.withTemporaryFolder { folder in
                let cache = CardDAVCache(folder: folder)
                let method: SyncReport.Method = strategy == .automatic ? .syncCollection : .etags
                #expect(try Self.sync(server, cache, strategy) == SyncReport(method: method, added: 2, fetched: [server.href("fred"), server.href("william")]))

                try server.put("telemaco", card: Self.telemaco)
                let added = try Self.sync(server, cache, strategy)
                #expect(added == SyncReport(method: method, added: 1, fetched: [server.href("telemaco")]))
                #expect(try Self.names(in: cache) == ["Fred Smith", "Telemaco Palombi", "William John Smith"])

                try server.put("fred", card: CardFixtures.card(uid: "fred", name: "Frederick Smith", phone: "+44 121 496 0000"))
                let changed = try Self.sync(server, cache, strategy)
                #expect(changed == SyncReport(method: method, changed: 1, fetched: [server.href("fred")]))
                let fredFile = try String(contentsOfFile: folder + "/fred.vcf", encoding: .utf8)
                #expect(fredFile.contains("FN:Frederick Smith"))

                try server.delete("william")
                let deleted = try Self.sync(server, cache, strategy)
                #expect(deleted == SyncReport(method: method, deleted: 1))
                #expect(!FileManager.default.fileExists(atPath: folder + "/william.vcf"))
                #expect(try Self.names(in: cache) == ["Frederick Smith", "Telemaco Palombi"])

                #expect(try Self.sync(server, cache, strategy) == SyncReport(method: method))
            }
        }
    }

    @Test func aCacheFromETagsIsContinuedBySyncCollectionWithoutRefetching() throws {
        try RadicaleServer.with { server in
            try server.put("fred", card: Self.fred)
            try CardFixtures.withTemporaryFolder { folder in
                let cache = CardDAVCache(folder: folder)
                _ = try Self.sync(server, cache, .etagsOnly)
                try server.put("william", card: Self.william)
                let report = try Self.sync(server, cache, .automatic)
                #expect(report == SyncReport(method: .syncCollection, added: 1, fetched: [server.href("william")]))
            }
        }
    }
}
