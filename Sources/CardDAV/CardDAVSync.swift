// SPDX-License-Identifier: Apache-2.0

public import Foundation
import ContactBook
import Glibc

/// Brings a `CardDAVCache` up to date with an address book: RFC 6578 sync-collection when the
/// server offers it, else a comparison of ETags; either way only new and changed cards are
/// downloaded, in one addressbook-multiget. All requests come before any write, so a failed
/// sync (wrong password, server gone) leaves the cache exactly as it was.
public enum CardDAVSync {
    /// The largest card cached: 1 MiB, room for a photo; a larger one is dropped with a warning.
    public static let maxCardBytes = 1 << 20

    /// What to warn about before a sync: Basic authentication over plain http to a host that is
    /// not this machine (the password crosses the network readable), and a password file that
    /// others may read.
    /// `passwordFile` nil: a systemd credential, which only the service may read anyway.
    public static func warnings(url: URL, passwordFile: String?) -> [String] {
        var warnings: [String] = []
        if url.scheme?.lowercased() == "http", let host = url.host?.lowercased(), !["localhost", "127.0.0.1", "::1", "[::1]"].contains(host) {
            warnings.append(
                "\(host): the password is sent over plain http, readable by anyone on the network; use an https:// address")
        }
        var status = stat()
        if let passwordFile, stat(passwordFile, &status) == 0, status.st_mode & 0o077 != 0 {
            warnings.append(
                "\(passwordFile): others may read the password file (mode \(String(status.st_mode & 0o777, radix: 8))); chmod 600 '\(passwordFile)'")
        }
        return warnings
    }

    /// Which way to ask for changes.
    public enum Strategy: Sendable {
        /// sync-collection when the collection has a sync token, ETags otherwise.
        case automatic
        /// ETags even when the server offers sync-collection.
        case etagsOnly
    }

    /// Syncs the address book at `url` into `cache` as `user` with `password` (the caller
    /// reads it with `CardDAVCredentials.readPassword(fromFile:)`). Blocks until done.
    public static func sync(
        url: URL, user: String, password: String, cache: CardDAVCache,
        strategy: Strategy = .automatic, transport: any HTTPTransport = CurlTransport()
    ) throws(CardDAVError) -> SyncReport {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw .invalidURL(url.absoluteString)
        }
        let client = CardDAVClient(
            url: url, credentials: CardDAVCredentials(user: user, password: password), transport: transport)
        var state = try cache.state()
        if state.collectionURL != url.absoluteString {
            state = CardDAVCacheState(collectionURL: url.absoluteString)
        }
        let info = try client.collectionInfo()
        // The server answered once: if it cannot be reached now, it went away mid-sync.
        do {
            return try update(cache, from: state, client: client, info: info, strategy: strategy)
        } catch .unreachable(let url, let reason) {
            throw .connectionLost(url: url, reason: reason)
        }
    }

    /// What the server listed: members with their ETags, and members known to be removed.
    /// `complete` listings name every member, so cached cards missing from them are removed.
    private struct Listing {
        var members: [String: String?]
        var removed: Set<String>
        var complete: Bool
        var syncToken: String?
    }

    private static func update(
        _ cache: CardDAVCache, from old: CardDAVCacheState, client: CardDAVClient,
        info: CardDAVClient.CollectionInfo, strategy: Strategy
    ) throws(CardDAVError) -> SyncReport {
        let method: SyncReport.Method = strategy == .automatic && info.supportsSyncCollection ? .syncCollection : .etags
        let listing = try list(client, method: method, info: info, cachedToken: old.syncToken)

        var removed = listing.removed
        if listing.complete {
            removed.formUnion(old.cards.keys.filter { listing.members[$0] == nil })
        }
        let wanted = listing.members.compactMap { href, etag -> String? in
            guard let cached = old.cards[href], let etag, cached.etag == etag else { return href }
            return nil
        }.sorted()
        let (cards, missing) = try client.multiget(hrefs: wanted)
        removed.formUnion(missing)

        var state = old
        state.syncToken = listing.syncToken
        var report = SyncReport(method: method)
        for href in removed where state.cards.removeValue(forKey: href) != nil {
            report.deleted += 1
        }
        var files: [String: Data] = [:]
        var taken = Set(state.cards.values.map(\.file))
        for card in cards.sorted(by: { $0.href < $1.href }) {
            guard card.data.count <= maxCardBytes else {
                report.warnings.append(
                    ImportWarning(
                        location: SourceLocation(file: card.href, line: 0),
                        message: "the card is \(card.data.count >> 10) KiB, over the \(maxCardBytes >> 20) MiB a card may have; not cached"))
                continue
            }
            let file: String
            if let existing = state.cards[card.href] {
                file = existing.file
                report.changed += 1
            } else {
                file = CardFileName.make(href: card.href, taken: taken)
                taken.insert(file)
                report.added += 1
            }
            state.cards[card.href] = CardDAVCacheState.Entry(etag: card.etag ?? listing.members[card.href] ?? nil, file: file)
            files[file] = card.data
            report.fetched.append(card.href)
            report.warnings += ContactImporter.parse(vCard: card.data, file: card.href).warnings
        }
        try cache.update(writing: files, state: state)
        return report
    }

    /// Asks the server what changed, the way `method` says.
    private static func list(
        _ client: CardDAVClient, method: SyncReport.Method, info: CardDAVClient.CollectionInfo, cachedToken: String?
    ) throws(CardDAVError) -> Listing {
        switch method {
        case .etags:
            return Listing(members: try client.memberETags(), removed: [], complete: true, syncToken: nil)
        case .syncCollection:
            if let cachedToken, cachedToken == info.syncToken {
                return Listing(members: [:], removed: [], complete: false, syncToken: cachedToken)
            }
            if let cachedToken, let changes = try client.syncCollection(token: cachedToken) {
                return Listing(members: changes.changed, removed: changes.removed, complete: false, syncToken: changes.syncToken)
            }
            // No token yet, or the server forgot it: list everything from the start.
            guard let changes = try client.syncCollection(token: nil) else {
                throw .unexpectedStatus(url: client.url, method: "REPORT", status: 403)
            }
            return Listing(members: changes.changed, removed: changes.removed, complete: true, syncToken: changes.syncToken)
        }
    }
}
