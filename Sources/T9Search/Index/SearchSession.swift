// SPDX-License-Identifier: Apache-2.0

/// A query being typed: each key narrows the ranges of the previous query instead of searching
/// again, and deleting a key goes back to the ranges it had.
public final class SearchSession {
    public let index: SearchIndex
    public private(set) var query: [UInt8] = []
    /// The table ranges for each length of the query; `frames[0]` is the whole tables.
    private var frames: [[Range<Int>]]
    private var highlighter: Highlighter

    public init(index: SearchIndex) {
        self.index = index
        self.frames = [index.keys.fullRanges]
        self.highlighter = Highlighter(index: index)
    }

    /// Adds one key (0-9) to the query.
    public func type(_ key: UInt8) {
        guard key <= 9 else { return }
        query.append(key)
        frames.append(index.keys.narrow(frames[query.count - 1], to: query.lazy.map { $0 + 1 }))
    }

    /// Removes the last key, if any.
    public func deleteLast() {
        guard !query.isEmpty else { return }
        query.removeLast()
        frames.removeLast()
    }

    public func clear() {
        query.removeAll()
        frames.removeSubrange(1...)
    }

    /// Makes `keys` the query, keeping the work done for the prefix it shares with the current one.
    public func setQuery(_ keys: [UInt8]) {
        let shared = zip(query, keys).prefix { $0 == $1 }.count
        while query.count > shared { deleteLast() }
        for key in keys[shared...] { type(key) }
    }

    /// The best `limit` contacts for the query and how well each matches, best first, without
    /// working out which field matched or what to highlight: all a caller needs to count or
    /// order matches.
    public func ranked(limit: Int = 20) -> [(contact: Int, quality: MatchQuality)] {
        guard !query.isEmpty, limit > 0 else { return [] }
        return index.rankedContacts(ranges: frames[query.count], queryLength: query.count, limit: limit).map { found in
            (Int(found.contact), found.quality)
        }
    }

    /// The best `limit` matches of the query, best first, with what to highlight.
    public func results(limit: Int = 20) -> [SearchResult] {
        results(for: ranked(limit: limit))
    }

    /// The matched field and highlight ranges of `ranked`, found by `ranked(limit:)` for the
    /// query as it is now, in order: a dialer finds them only for the rows a screen shows.
    public func results(for ranked: [(contact: Int, quality: MatchQuality)]) -> [SearchResult] {
        highlighter.results(ranked, query: query)
    }
}

/// Finds which field of a found contact matched, and where, with the matcher that defines
/// matches, reusing its buffers from result to result.
struct Highlighter {
    let index: SearchIndex
    /// The index's contacts and options, copied here once: taken from the index for each
    /// result, each of their arrays was retained and released again.
    private let table: ContactTable
    private let options: SearchOptions
    private var cache: FoldCache
    /// Where each name or number is folded to be matched.
    private let folding = FoldBuffer()

    init(index: SearchIndex) {
        self.index = index
        self.table = index.contacts
        self.options = index.options
        self.cache = index.foldCache
    }

    /// What `prefetch` read, kept so that the reads happen.
    private var prefetched: UInt32 = 0

    /// The matched field and highlight ranges of each of `ranked`, found by the index for
    /// `query`, in order.
    mutating func results(_ ranked: [(contact: Int, quality: MatchQuality)], query: [UInt8]) -> [SearchResult] {
        // The texts of all of them are brought into the cache together, before they are read
        // one by one.
        prefetched &+= table.prefetch(ranked.lazy.map(\.contact))
        // The table is borrowed here once: used from `self` for each result, all its arrays
        // were retained and released again around every call that reads it.
        let table = table
        var results: [SearchResult] = []
        results.reserveCapacity(ranked.count)
        query.withUnsafeBufferPointer { query in
            for found in ranked {
                let result = result(contact: found.contact, quality: found.quality, query: query, table: table)
                // The index and the matcher must agree on every match (IndexOracleTests checks it).
                assert(result != nil, "the index found contact \(found.contact) as \(found.quality) for \(Array(query)), the matcher did not")
                if let result { results.append(result) }
            }
        }
        return results
    }

    private mutating func result(contact: Int, quality: MatchQuality, query: UnsafeBufferPointer<UInt8>, table: ContactTable) -> SearchResult? {
        // The contact's texts and the query are borrowed as pointers: reading each field
        // through the table, and passing arrays to the matcher, retained and released every
        // array involved, several times a field.
        var result: SearchResult? = nil
        table.withTexts(of: contact, unpackingUID: false) { texts in
            result =
                quality.isNameMatch
                ? nameResult(contact: contact, quality: quality, query: query, texts: texts, table: table)
                : numberResult(contact: contact, quality: quality, query: query, texts: texts)
        }
        return result
    }

    /// The first name of the contact that `query` matches with `quality`.
    private mutating func nameResult(
        contact: Int, quality: MatchQuality, query: UnsafeBufferPointer<UInt8>, texts: ContactTable.ContactTexts, table: ContactTable
    ) -> SearchResult? {
        for name in 0..<texts.nameCount {
            let folded = folding.fold(name: texts[.name(name)], cache: &cache)
            guard let match = FieldMatcher.matchName(query, in: folded.view, mode: options.mode), match.quality == quality else { continue }
            return SearchResult(
                contact: contact, quality: quality, field: .name(name), number: table.preferredNumber(of: contact),
                ranges: folded.scalarRanges(ofKeys: match.keyRanges))
        }
        return nil
    }

    /// The first number of the contact that `query` matches with `quality`.
    private mutating func numberResult(
        contact: Int, quality: MatchQuality, query: UnsafeBufferPointer<UInt8>, texts: ContactTable.ContactTexts
    ) -> SearchResult? {
        for number in 0..<texts.numberCount {
            let bytes = texts[.number(number)]
            let folded = folding.fold(number: bytes)
            let isInternational = NumberForms.startsWithPlus(utf8: bytes)
            let found = NumberForms.withAnchors(keys: folded.keys, isInternational: isInternational, region: options.region) { anchors in
                FieldMatcher.matchNumber(query, anchors: anchors, keys: folded.keys)
            }
            guard let match = found, match.quality == quality else { continue }
            let fromFirstKey = match.keyRanges.first?.lowerBound == 0
            var ranges = folded.scalarRanges(ofKeys: match.keyRanges)
            // Formatting before the first key is part of a match from the very start: "(510".
            if fromFirstKey, let first = ranges.first { ranges[0] = 0..<first.upperBound }
            return SearchResult(contact: contact, quality: quality, field: .number(number), number: number, ranges: ranges)
        }
        return nil
    }
}
