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
            (Int(index.contactsByRank[Int(found.rank)]), found.quality)
        }
    }

    /// The best `limit` matches of the query, best first, with what to highlight.
    public func results(limit: Int = 20) -> [SearchResult] {
        let ranked = ranked(limit: limit)
        highlighter.prefetch(ranked.lazy.map(\.contact))
        return ranked.compactMap { found in
            let contact = found.contact
            let result = highlighter.result(contact: contact, quality: found.quality, query: query)
            // The index and the matcher must agree on every match (IndexOracleTests checks it).
            assert(result != nil, "the index found contact \(contact) as \(found.quality) for \(query), the matcher did not")
            return result
        }
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
    private var text = KeyedText()
    private var numberText = KeyedText()

    init(index: SearchIndex) {
        self.index = index
        self.table = index.contacts
        self.options = index.options
        self.cache = FoldCache(alphabet: index.alphabet)
    }

    /// What `prefetch` read, kept so that the reads happen.
    private var prefetched: UInt32 = 0

    /// Brings the texts of `contacts` into the cache together, before `result` reads them one
    /// by one.
    mutating func prefetch(_ contacts: some Collection<Int>) {
        prefetched &+= table.prefetch(contacts)
    }

    mutating func result(contact: Int, quality: MatchQuality, query: [UInt8]) -> SearchResult? {
        var nameIndex = 0, numberIndex = 0
        for field in table.fields(of: contact) {
            switch table.kind(of: field) {
            case .uid:
                continue
            case .number:
                defer { numberIndex += 1 }
                guard !quality.isNameMatch else { continue }
                let isInternational = table.withUTF8(of: field) { bytes in
                    numberText.reset(numberUTF8: bytes)
                    return NumberForms.startsWithPlus(utf8: bytes)
                }
                let forms = NumberForms(text: numberText, isInternational: isInternational, region: options.region)
                guard let match = FieldMatcher.matchNumber(query, in: forms), match.quality == quality else { continue }
                // Formatting before the first key is part of a match from the very start: "(510".
                var ranges = Self.scalarRanges(match.keyRanges, in: forms.text)
                if let first = ranges.first, match.keyRanges.first?.lowerBound == 0 { ranges[0] = 0..<first.upperBound }
                return SearchResult(contact: contact, quality: quality, field: .number(numberIndex), number: numberIndex, ranges: ranges)
            default:
                defer { nameIndex += 1 }
                guard quality.isNameMatch else { continue }
                table.withUTF8(of: field) { text.reset(utf8: $0, cache: &cache) }
                guard let match = FieldMatcher.matchName(query, in: text, mode: options.mode), match.quality == quality else { continue }
                return SearchResult(
                    contact: contact, quality: quality, field: .name(nameIndex), number: table.preferredNumber(of: contact),
                    ranges: Self.scalarRanges(match.keyRanges, in: text))
            }
        }
        return nil
    }

    /// The scalar ranges of `keyRanges`, in the array that held them: one allocation less for
    /// every result.
    private static func scalarRanges(_ keyRanges: consuming [Range<Int>], in text: KeyedText) -> [Range<Int>] {
        var ranges = keyRanges
        for index in ranges.indices { ranges[index] = text.scalarRange(ofKeys: ranges[index]) }
        return ranges
    }
}
