// SPDX-License-Identifier: Apache-2.0

/// Turns contacts into the keys of the index tables: every way each name and number can be
/// typed from a position where a match may start.
struct IndexBuilder {
    private var cache: FoldCache
    private let options: SearchOptions
    private var pool = KeyPool()
    private var entries = [[UInt32]](repeating: [], count: SearchIndex.Table.allCases.count)
    /// Where each name and number is folded. One builder is filled at a time, on one thread:
    /// a copy would share this buffer.
    private let folding = FoldBuffer()
    private var scratch: [UInt8] = []

    init(alphabet: T9Alphabet, options: SearchOptions) {
        self.cache = FoldCache(alphabet: alphabet)
        self.options = options
    }

    /// The keys of `parts`, builders of the same alphabet and options that were given the
    /// book's contacts in turn (a chunk each, on several cores), as if one had been given them
    /// all: their pools one after another, each table's offsets moved with them.
    init(joining parts: [IndexBuilder]) {
        self.init(alphabet: parts[0].cache.alphabet, options: parts[0].options)
        let (pool, starts) = KeyPool.joined(parts.map(\.pool))
        self.pool = pool
        for table in entries.indices {
            entries[table].reserveCapacity(parts.reduce(0) { $0 + $1.entries[table].count })
            for (part, start) in zip(parts, starts) { entries[table].append(contentsOf: part.entries[table].lazy.map { $0 + start }) }
        }
        for part in parts { cache.merge(part.cache) }
    }

    /// Adds the keys of a contact of `table`. A contact without a number can't be dialled, so
    /// it has none.
    mutating func add(_ contact: Int, of table: ContactTable) {
        guard table.hasNumbers(contact) else { return }
        for field in table.fields(of: contact) {
            switch table.kind(of: field) {
            case .uid, .numberLabel: continue
            case .number: table.withUTF8(of: field) { addNumber($0, contact: UInt32(contact)) }
            default: table.withUTF8(of: field) { addName($0, contact: UInt32(contact)) }
            }
        }
    }

    /// The folds looked up while adding the contacts' names.
    var foldCache: FoldCache { cache }

    /// The pool, its segments put in rank order (`contactsByRank`), and the tables sorted.
    mutating func finish(contactsByRank: [UInt32], parallelism: Parallelism) -> (KeyPool, [KeyTable]) {
        let reordering = PoolReordering(pool, contactsByRank: contactsByRank)
        pool = KeyPool()
        // Each table moves its offsets to the reordered pool (in order: they were added in the
        // order of the old pool) and sorts on a core of its own, the largest first so no core
        // waits at the end.
        let lists = entries
        entries = []
        let pool = reordering.pool
        let tables = parallelism.map(largestFirst: lists.map(\.count)) { table in
            KeyTable(offsets: reordering.moved(ascending: lists[table]), pool: pool)
        }
        return (pool, tables)
    }

    private mutating func add(_ table: SearchIndex.Table, _ offset: UInt32) {
        entries[table.rawValue].append(offset)
    }

    private mutating func addName(_ name: UnsafeBufferPointer<UInt8>, contact: UInt32) {
        let folded = folding.fold(name: name, cache: &cache)
        let keys = folded.keys, words = folded.words
        guard !keys.isEmpty else { return }
        let base = pool.append(contact: contact, keys)
        let wordStart = { (word: Int) in base + UInt32(words[word].lowerBound) }
        add(.nameStart, base)
        for word in words.indices.dropFirst() { add(.laterWord, wordStart(word)) }

        let ruledWords = min(words.count, NameRules.maxWords)
        // Whole words from a later word: spans that end at the field's end share its key.
        for first in 1..<max(1, ruledWords) {
            for last in first..<ruledWords {
                if last == words.count - 1 {
                    add(.wholeWords, wordStart(first))
                } else {
                    add(.wholeWords, pool.append(contact: contact, keys[words[first].lowerBound..<words[last].upperBound]))
                }
            }
        }
        // Initials: one to three first letters of earlier words, then a run from a later word.
        for tail in 1..<max(1, ruledWords) {
            for heads in 1..<(1 << tail) where heads.nonzeroBitCount <= NameRules.maxInitials {
                scratch.removeAll(keepingCapacity: true)
                for word in 0..<tail where heads & (1 << word) != 0 { scratch.append(keys[words[word].lowerBound]) }
                add(.initials, pool.append(contact: contact, head: scratch, keys[words[tail].lowerBound...]))
            }
        }
        if options.mode == .anywhere {
            var wordIndex = 0
            for position in keys.indices {
                while wordIndex < words.count, words[wordIndex].upperBound <= position { wordIndex += 1 }
                if wordIndex < words.count, words[wordIndex].lowerBound == position { continue }
                add(.anywhere, base + UInt32(position))
            }
        }
    }

    /// How many digits of a number are searched. No dialable number is longer (ITU-T E.164
    /// allows 15, dial strings with pauses and extensions a few dozen); a longer one, from a
    /// damaged or hostile card, is searched by its first digits, so it cannot make the index
    /// sort its thousands of overlapping keys byte by byte for minutes.
    static let maxNumberDigits = 64

    private mutating func addNumber(_ number: UnsafeBufferPointer<UInt8>, contact: UInt32) {
        let folded = folding.fold(number: number)
        let keys = folded.keys.prefix(Self.maxNumberDigits)
        guard !keys.isEmpty else { return }
        let base = pool.append(contact: contact, keys)
        let isInternational = NumberForms.startsWithPlus(utf8: number)
        NumberForms.withAnchors(keys: folded.keys, isInternational: isInternational, region: options.region) { anchors in
            for anchor in anchors where anchor.start < keys.count {
                if anchor.head.count == 0 {
                    add(.numberPrefix, base + UInt32(anchor.start))
                } else {
                    let head = (0..<Int(anchor.head.count)).lazy.map { anchor.head[$0] }
                    add(.numberPrefix, pool.append(contact: contact, head: head, keys[anchor.start...]))
                }
            }
            // A number has a handful of anchors: a list is cheaper to ask than a Set.
            for position in keys.indices where !anchors.contains(where: { $0.head.count == 0 && $0.start == position }) {
                add(.numberMiddle, base + UInt32(position))
            }
        }
    }
}
