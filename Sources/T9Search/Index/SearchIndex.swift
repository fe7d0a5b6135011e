// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// A contact book indexed for T9 search: finds the best-ranked matches of a digit query in
/// microseconds, whatever the size of the book.
///
/// Every way a contact can match is a key in one of a few sorted tables (runs from a name's
/// first word, from later words, whole words, initials, number prefixes, number middles), so the
/// contacts matching a query are one range per table, and each keystroke narrows the ranges of
/// the one before (see `SearchSession`). Within a match quality, contacts come in rank order:
/// affinity (how much the user calls them) first, then name.
public final class SearchIndex: Sendable {
    public let contacts: ContactTable
    public let alphabet: T9Alphabet
    public let options: SearchOptions
    /// How much each number of the contacts called was called: which of a contact's numbers
    /// its rows list first (`numberRows`).
    public let numberCalls: NumberCalls

    /// The tables, indexed by `Table.rawValue`.
    let keys: RankedTables
    /// `contactRanks[contact]` is the contact's place in the ranking order; `contactsByRank` the inverse.
    let contactRanks: [UInt32]
    let contactsByRank: [UInt32]
    /// The folds of every scalar of the book's names outside the alphabet's tables (Georgian,
    /// CJK...), remembered while indexing: a search starts from it, so no keystroke looks up
    /// a scalar's Unicode name (microseconds each) for a result's name, not even the first.
    let foldCache: FoldCache
    /// Names by their letters, for text search; built the first time text is searched, so
    /// T9-only use pays nothing for it.
    ///
    /// ThreadSanitizer reports a data race here, between the thread that prepares text search
    /// and the first multi-tap search: a false positive. Every access is inside `withLock`. On
    /// Linux, `Synchronization.Mutex` is a futex lock whose atomics are compiled into the
    /// toolchain's Synchronization library, which is not built with TSan, so TSan never sees
    /// the lock's acquire and release. A ten-line program that builds a value under a `Mutex`
    /// on one thread and reads it under the same `Mutex` on another gets the same report in
    /// about half its runs under `-sanitize=thread`; with `NSLock` (a pthread mutex, which
    /// TSan intercepts) in its place, none in twenty.
    private let textIndexStorage = Mutex<TextIndex?>(nil)

    /// The tables, in the order their match qualities rank.
    enum Table: Int, CaseIterable {
        case nameStart, wholeWords, initials, laterWord, numberPrefix, numberMiddle, anywhere

        var quality: MatchQuality {
            switch self {
            case .nameStart, .wholeWords: .namePrefix
            case .initials: .initials
            case .laterWord: .laterWordPrefix
            case .numberPrefix: .numberPrefix
            case .numberMiddle: .numberMiddle
            case .anywhere: .anywhere
            }
        }
    }

    /// Indexes `contacts`. `affinity` scores contacts the user calls often (higher first; the
    /// dial history provides it); contacts with equal affinity rank by name.
    public convenience init(
        contacts: [SearchableContact],
        alphabet: T9Alphabet,
        options: SearchOptions = SearchOptions(),
        affinity: [Double] = [],
        numberCalls: NumberCalls = NumberCalls(),
        parallelism: Parallelism = .serial
    ) {
        self.init(
            table: ContactTable(contacts), alphabet: alphabet, options: options, affinity: affinity, numberCalls: numberCalls,
            parallelism: parallelism)
    }

    /// Told how much of the indexing is done, from 0 to 1, a few dozen times while a large
    /// book is indexed; called from the threads that index, so it must be safe to call from any.
    public typealias Progress = @Sendable (_ fractionDone: Double) -> Void

    /// Indexes the contacts of `table` (see the other initializer), telling `progress` how far
    /// it has got.
    public convenience init(
        table: ContactTable,
        alphabet: T9Alphabet,
        options: SearchOptions = SearchOptions(),
        affinity: [Double] = [],
        numberCalls: NumberCalls = NumberCalls(),
        progress: Progress? = nil,
        parallelism: Parallelism = .serial
    ) {
        self.init(
            table: table, alphabet: alphabet, options: options, affinity: affinity, numberCalls: numberCalls, progress: progress,
            parallelism: parallelism, contactsPerKeyJob: 8192)
    }

    /// Indexes `table`, making the keys of `contactsPerKeyJob` contacts a job (tests make
    /// small books in several jobs).
    convenience init(
        table: ContactTable, alphabet: T9Alphabet, options: SearchOptions, affinity: [Double], numberCalls: NumberCalls = NumberCalls(),
        progress: Progress?, parallelism: Parallelism, contactsPerKeyJob: Int
    ) {
        // The rank order and the keys are independent, and the keys of one contact are
        // independent of another's: the rank order and the keys of chunks of contacts, each
        // chunk into a builder of its own, are shared out over the cores, the rank order first
        // (the longest job); the builders are then joined. The key tables are sorted after,
        // on every core (finish()).
        let chunks = Self.keyChunks(table.count, contactsPerJob: contactsPerKeyJob, width: parallelism.width)
        let contactsDone = Atomic<Int>(0)
        let made = parallelism.map(1 + chunks.count) { job -> IndexPart in
            guard job > 0 else { return .order(RankOrder(contacts: table, alphabet: alphabet, affinity: affinity)) }
            var builder = IndexBuilder(alphabet: alphabet, options: options)
            for contact in chunks[job - 1] {
                builder.add(contact, of: table)
                if let progress, contact % Self.progressStep == Self.progressStep - 1 {
                    let done = contactsDone.add(Self.progressStep, ordering: .relaxed).newValue
                    progress(Self.keysShare * Double(done) / Double(table.count))
                }
            }
            return .keys(builder)
        }
        guard case .order(let order) = made[0] else { preconditionFailure("job 0 makes the rank order") }
        let builders = made.dropFirst().map { part in
            guard case .keys(let builder) = part else { preconditionFailure("the later jobs make keys") }
            return builder
        }
        let builder = builders.count == 1 ? builders[0] : IndexBuilder(joining: builders)
        progress?(Self.keysShare)
        var finishing = builder
        let (pool, tables) = finishing.finish(contactsByRank: order.contactsByRank, parallelism: parallelism)
        progress?(Self.sortedShare)
        let keys = RankedTables(
            pool: pool, tables: tables, qualities: Table.allCases.map(\.quality), symbols: 1...10, directoryDepth: 3,
            parallelism: parallelism)
        progress?(1)
        self.init(
            contacts: table, alphabet: alphabet, options: options, numberCalls: numberCalls, keys: keys, order: order,
            foldCache: finishing.foldCache)
    }

    /// What a job of the indexing makes.
    private enum IndexPart {
        case order(RankOrder)
        case keys(IndexBuilder)
    }

    /// The chunks of contacts whose keys are made one a job: a job for every `contactsPerJob`
    /// contacts, at most four a thread (of `width`), so a thread that ends its last job early
    /// waits little for the others.
    static func keyChunks(_ count: Int, contactsPerJob: Int, width: Int) -> [Range<Int>] {
        let chunkCount = max(1, min(count / contactsPerJob, 4 * width))
        return (0..<chunkCount).map { chunk in count * chunk / chunkCount..<count * (chunk + 1) / chunkCount }
    }

    /// How often the keys' progress is told, in contacts.
    private static let progressStep = 4096
    /// The shares of the work done once the keys are made and once their tables are sorted
    /// (the trees are the rest), as the 100,000-contact book takes it.
    private static let keysShare = 0.4
    private static let sortedShare = 0.85

    private init(
        contacts: ContactTable, alphabet: T9Alphabet, options: SearchOptions, numberCalls: NumberCalls, keys: RankedTables,
        order: RankOrder, foldCache: FoldCache
    ) {
        self.contacts = contacts
        self.numberCalls = numberCalls
        self.foldCache = foldCache
        self.alphabet = alphabet
        self.options = options
        self.keys = keys
        self.contactRanks = order.ranks
        self.contactsByRank = order.contactsByRank
    }

    /// The same index ranked with new affinities (after a dial): the key pool's segments put in
    /// the new rank order, the tables' offsets moved with them (not sorted again), new trees;
    /// and `numberCalls`, the numbers called, in place of the index's.
    public func reranked(affinity: [Double], numberCalls: NumberCalls? = nil) -> SearchIndex {
        let order = RankOrder(contacts: contacts, alphabet: alphabet, affinity: affinity)
        return SearchIndex(
            contacts: contacts, alphabet: alphabet, options: options, numberCalls: numberCalls ?? self.numberCalls,
            keys: keys.reranked(contactsByRank: order.contactsByRank), order: order, foldCache: foldCache)
    }

    /// Builds the text index now, if it is not built yet: a program that will search text
    /// (multi-tap) can call this on another thread at start, so no keystroke waits for it.
    public func prepareTextSearch() { _ = textIndex }

    /// Whether the text index is built (`prepareTextSearch`).
    public var isTextSearchPrepared: Bool { textIndexStorage.withLock { $0 != nil } }

    /// Searches each one-key query once and throws the results away, so the tables, trees and
    /// contact texts a first key touches are in memory and cache before a person presses it:
    /// the first key after start is then no slower than the rest. Costs about as much as ten
    /// keys.
    public func warmUp(limit: Int = 20) {
        let session = SearchSession(index: self)
        for key: UInt8 in 0...9 {
            session.setQuery([key])
            _ = session.results(limit: limit)
        }
    }

    var textIndex: TextIndex {
        textIndexStorage.withLock { stored in
            if let stored { return stored }
            let built = TextIndex(
                contacts: contacts, alphabet: alphabet, contactsByRank: contactsByRank, mode: options.mode, parallelism: keys.parallelism)
            stored = built
            return built
        }
    }

    /// The contact's place in the ranking order (0 is first): affinity, then name.
    public func rank(of contact: Int) -> Int { Int(contactRanks[contact]) }

    /// The best `limit` matches of `query` (keys 0-9), best first.
    public func search(_ query: [UInt8], limit: Int = 20) -> [SearchResult] {
        let session = SearchSession(index: self)
        session.setQuery(query)
        return session.results(limit: limit)
    }

    /// Which contacts rank best among those with keys in `ranges`, best quality first.
    func rankedContacts(ranges: [Range<Int>], queryLength: Int, limit: Int) -> [(contact: UInt32, quality: MatchQuality)] {
        var ranges = ranges
        // Whole words must end where the query ends.
        let whole = Table.wholeWords.rawValue
        ranges[whole] = keys.tables[whole].narrow(ranges[whole], depth: queryLength, to: KeyPool.end, pool: keys.pool)
        // One key is an initial with no word after it: a prefix, not initials.
        if queryLength < 2 { ranges[Table.initials.rawValue] = 0..<0 }
        return keys.ranked(ranges, limit: limit)
    }
}

/// The ranking order of contacts: affinity, then name (folded to base letters), then UID.
struct RankOrder {
    var ranks: [UInt32]
    var contactsByRank: [UInt32]

    init(contacts: ContactTable, alphabet: T9Alphabet, affinity: [Double]) {
        // Every contact's name in base letters, one after another in one buffer.
        var cache = FoldCache(alphabet: alphabet)
        var letters: [UInt32] = []
        var ends: [UInt32] = []
        ends.reserveCapacity(contacts.count)
        for contact in contacts.indices {
            for field in contacts.fields(of: contact) where contacts.kind(of: field) == .displayName {
                contacts.withUTF8(of: field) { bytes in
                    var index = 0
                    while index < bytes.count {
                        let (scalar, length) = UTF8Scalars.decode(bytes, at: index)
                        switch cache.fold(scalar) {
                        case .separator where scalar == " " || (scalar.value > 0x7F && scalar.properties.isWhitespace):
                            letters.append(0x20)
                        default: letters.append((cache.baseLetter(scalar) ?? scalar).value)
                        }
                        index += length
                    }
                }
                break
            }
            ends.append(UInt32(letters.count))
        }
        func uidPrecedes(_ a: Int, _ b: Int) -> Bool? {
            contacts.withUTF8(of: contacts.fields(of: a).lowerBound) { uidA in
                contacts.withUTF8(of: contacts.fields(of: b).lowerBound) { uidB in
                    Self.precedes(uidA, uidB)
                }
            }
        }
        // Sorted as (first three letters, contact) pairs: most comparisons are settled by the
        // letters, in the array being sorted, rather than by reading two names from anywhere
        // in the book. A letter is a scalar (21 bits) plus one, so a name that ends sorts
        // before one that goes on.
        struct Entry {
            var head: UInt64
            var contact: UInt32
        }
        var entries: [Entry] = []
        entries.reserveCapacity(contacts.count)
        for contact in 0..<contacts.count {
            let start = contact == 0 ? 0 : Int(ends[contact - 1]), end = Int(ends[contact])
            var head: UInt64 = 0
            for position in 0..<3 {
                head = head << 21 | (start + position < end ? UInt64(letters[start + position]) + 1 : 0)
            }
            entries.append(Entry(head: head, contact: UInt32(contact)))
        }
        letters.withUnsafeBufferPointer { letters in
            ends.withUnsafeBufferPointer { ends in
                func name(_ contact: Int) -> UnsafeBufferPointer<UInt32> {
                    UnsafeBufferPointer(rebasing: letters[(contact == 0 ? 0 : Int(ends[contact - 1]))..<Int(ends[contact])])
                }
                entries.sort { a, b in
                    let contactA = Int(a.contact), contactB = Int(b.contact)
                    if !affinity.isEmpty {
                        let affinityA = contactA < affinity.count ? affinity[contactA] : 0
                        let affinityB = contactB < affinity.count ? affinity[contactB] : 0
                        if affinityA != affinityB { return affinityA > affinityB }
                    }
                    if a.head != b.head { return a.head < b.head }
                    if let precedes = Self.precedes(name(contactA), name(contactB)) { return precedes }
                    return uidPrecedes(contactA, contactB) ?? (contactA < contactB)
                }
            }
        }
        let order = entries.map(\.contact)
        var ranks = [UInt32](repeating: 0, count: contacts.count)
        for (rank, contact) in order.enumerated() { ranks[Int(contact)] = UInt32(rank) }
        self.ranks = ranks
        self.contactsByRank = order
    }

    /// Whether `a` sorts before `b`, element by element, a prefix first; nil when they are
    /// equal. One pass (the sort compares many names that share their first letters).
    @inline(__always)
    static func precedes<Element: FixedWidthInteger>(_ a: UnsafeBufferPointer<Element>, _ b: UnsafeBufferPointer<Element>) -> Bool? {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] { return a[index] < b[index] }
        return a.count == b.count ? nil : a.count < b.count
    }
}

extension SearchIndex {
    /// What the index's parts hold in memory, in bytes, for the benchmark's report: the
    /// contact table, the key texts, the sorted tables, the top-rank trees and the rank order;
    /// the text index's parts too once it is built.
    public var storageBytes: [(part: String, bytes: Int)] {
        var parts: [(part: String, bytes: Int)] = [("contact table", contacts.storageBytes)]
        parts += keys.storageBytes.map { ("digits: \($0.part)", $0.bytes) }
        parts.append(("rank order", 4 * (contactRanks.count + contactsByRank.count)))
        if let text = textIndexStorage.withLock({ $0 }) {
            parts += text.keys.storageBytes.map { ("text: \($0.part)", $0.bytes) }
        }
        return parts
    }
}
