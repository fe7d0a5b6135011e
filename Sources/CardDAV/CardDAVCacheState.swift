// SPDX-License-Identifier: Apache-2.0

/// What the cache remembers between syncs, stored as JSON next to the cards: which collection
/// it mirrors, the last sync token, and each card's ETag and file.
public struct CardDAVCacheState: Codable, Sendable, Equatable {
    /// One cached card: the ETag it had when fetched and its file name in the cache folder.
    public struct Entry: Codable, Sendable, Equatable {
        public var etag: String?
        public var file: String

        public init(etag: String?, file: String) {
            self.etag = etag
            self.file = file
        }
    }

    /// The collection URL these cards came from; a cache of another URL is started over.
    public var collectionURL: String?
    /// The RFC 6578 sync token of the last sync; nil after an ETag sync.
    public var syncToken: String?
    /// The cards by href.
    public var cards: [String: Entry]

    public init(collectionURL: String? = nil, syncToken: String? = nil, cards: [String: Entry] = [:]) {
        self.collectionURL = collectionURL
        self.syncToken = syncToken
        self.cards = cards
    }
}
