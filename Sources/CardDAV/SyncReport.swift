// SPDX-License-Identifier: Apache-2.0

public import ContactBook

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
    /// How the server was asked for changes.
    public enum Method: String, Sendable, Equatable {
        /// RFC 6578 REPORT sync-collection from the last sync token.
        case syncCollection = "sync-collection"
        /// PROPFIND Depth 1 of every member's ETag, compared with the cached ETags.
        case etags = "ETags"
    }

    public var method: Method
    /// Cards new to the cache.
    public var added: Int
    /// Cached cards whose data changed.
    public var changed: Int
    /// Cached cards removed because the server no longer has them.
    public var deleted: Int
    /// The hrefs fetched by addressbook-multiget, sorted.
    public var fetched: [String]
    /// Problems found reading the fetched cards (the cards are cached anyway, but for one over
    /// `CardDAVSync.maxCardBytes`, which is dropped).
    public var warnings: [ImportWarning]

    public init(
        method: Method, added: Int = 0, changed: Int = 0, deleted: Int = 0, fetched: [String] = [],
        warnings: [ImportWarning] = []
    ) {
        self.method = method
        self.added = added
        self.changed = changed
        self.deleted = deleted
        self.fetched = fetched
        self.warnings = warnings
    }
}
