// SPDX-License-Identifier: Apache-2.0

import CardDAV
import CardDAVTestSupport
import Foundation
import Testing

@Suite(
    "Failed syncs leave the cache as it was",
    .enabled(if: RadicaleServer.isInstalled, "radicale is not installed: \(RadicaleServer.installHint)")
)
struct CardDAVFailureTests {
    static let fred = CardFixtures.card(uid: "fred", name: "Fred Smith", phone: "+44 121 496 0000")

    /// Syncs `server` once into a fresh cache, then runs `body` with the cache and its files.
    static func withSyncedCache(_ server: RadicaleServer, _ body: (CardDAVCache, [String: Data]) throws -> Void) throws {
        try server.put("fred", card: fred)
        try CardFixtures.withTemporaryFolder { folder in
            let cache = CardDAVCache(folder: folder)
            _ = try CardDAVSync.sync(url: server.bookURL, user: RadicaleServer.user, password: RadicaleServer.password, cache: cache)
            let before = CardFixtures.snapshot(folder)
            #expect(before.keys.sorted() == ["fred.vcf", CardDAVCache.stateFileName])
            try body(cache, before)
        }
    }

    @Test func aWrongPasswordIsNamedWithTheURLAndUser() throws {
        try RadicaleServer.with { server in
            try Self.withSyncedCache(server) { cache, before in
                try server.put("fred", card: CardFixtures.card(uid: "fred", name: "Changed", phone: "1"))
                let error = #expect(throws: CardDAVError.self) {
                    try CardDAVSync.sync(url: server.bookURL, user: RadicaleServer.user, password: "wrong", cache: cache)
                }
                #expect(error == .unauthorized(url: server.bookURL, user: RadicaleServer.user))
                let message = error?.description ?? ""
                #expect(message.contains("wrong password") && message.contains(server.bookURL.absoluteString) && message.contains("\"alice\""))
                #expect(CardFixtures.snapshot(cache.folder) == before)
            }
        }
    }

    @Test func theServerGoingAwayMidSyncKeepsTheLastGoodCache() throws {
        try RadicaleServer.with { server in
            try Self.withSyncedCache(server) { cache, before in
                try server.put("fred", card: CardFixtures.card(uid: "fred", name: "Changed", phone: "1"))
                try server.put("william", card: CardFixtures.card(uid: "william", name: "William Smith", phone: "2"))
                // The PROPFIND is answered, then the server is stopped before the REPORT.
                let transport = HookedTransport(afterFirstRequest: { server.stop() })
                let error = #expect(throws: CardDAVError.self) {
                    try CardDAVSync.sync(
                        url: server.bookURL, user: RadicaleServer.user, password: RadicaleServer.password, cache: cache,
                        transport: transport)
                }
                guard case .connectionLost(let url, _) = error else {
                    Issue.record("expected connectionLost, got \(String(describing: error))")
                    return
                }
                #expect(url == server.bookURL)
                #expect(error?.description.contains("went away") == true)
                #expect(CardFixtures.snapshot(cache.folder) == before)
                #expect(cache.cachedCards() == [cache.folder + "/fred.vcf"])
            }
        }
    }

    @Test func aStoppedServerIsUnreachable() throws {
        try RadicaleServer.with { server in
            try Self.withSyncedCache(server) { cache, before in
                server.stop()
                let error = #expect(throws: CardDAVError.self) {
                    try CardDAVSync.sync(url: server.bookURL, user: RadicaleServer.user, password: RadicaleServer.password, cache: cache)
                }
                #expect(error == .unreachable(url: server.bookURL, reason: "connection refused"))
                #expect(CardFixtures.snapshot(cache.folder) == before)
            }
        }
    }

    @Test func aURLThatIsNotAnAddressBookOrMissingIsSaidSo() throws {
        try RadicaleServer.with { server in
            try CardFixtures.withTemporaryFolder { folder in
                let cache = CardDAVCache(folder: folder)
                let principal = server.baseURL.appendingPathComponent(RadicaleServer.user + "/")
                let notBook = #expect(throws: CardDAVError.self) {
                    try CardDAVSync.sync(url: principal, user: RadicaleServer.user, password: RadicaleServer.password, cache: cache)
                }
                #expect(notBook == .notAnAddressBook(url: principal))
                let missing = URL(string: server.bookURL.absoluteString + "../nothing/")!
                let notFound = #expect(throws: CardDAVError.self) {
                    try CardDAVSync.sync(url: missing, user: RadicaleServer.user, password: RadicaleServer.password, cache: cache)
                }
                #expect(notFound == .notFound(url: missing))
                #expect(CardFixtures.snapshot(folder).isEmpty)
            }
        }
    }
}
