// SPDX-License-Identifier: Apache-2.0

import SeededRandom
import Testing

import BackgroundWork
@testable import T9Search

/// The index must find exactly what the matcher defines, in rank order, for any book: random
/// books in several scripts against a brute-force search with `FieldMatcher`.
@Suite("Index agrees with the matcher")
struct IndexOracleTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        var seed: UInt64
        var mode: MatchMode
        var region: String?
        var limit: Int
        /// Whether the index is reranked with dial history after it is built (its key pool is
        /// then reordered and every table's offsets moved, see `PoolReordering`).
        var reranked = false
        var testDescription: String {
            "seed \(seed), \(mode), region \(region ?? "none"), limit \(limit)\(reranked ? ", reranked" : "")"
        }
    }

    static let scenarios = [
        Scenario(seed: 1, mode: .smart, region: nil, limit: 20),
        Scenario(seed: 2, mode: .smart, region: "GB", limit: 5),
        Scenario(seed: 3, mode: .anywhere, region: "US", limit: 20),
        Scenario(seed: 4, mode: .smart, region: "RU", limit: 60),  // past the tree's capacity
        Scenario(seed: 5, mode: .smart, region: "GB", limit: 20, reranked: true),
        Scenario(seed: 6, mode: .anywhere, region: nil, limit: 60, reranked: true),
    ]

    @Test(arguments: scenarios)
    func randomBook(_ scenario: Scenario) {
        var random = SplitMix(seed: scenario.seed)
        let contacts = (0..<1500).map { _ in RandomBook.contact(&random) }
        let options = SearchOptions(mode: scenario.mode, region: scenario.region.flatMap(DialingRegion.init))
        var index = Fixtures.index(contacts, options: options)
        if scenario.reranked { index = index.reranked(affinity: RandomBook.affinity(count: contacts.count, &random)) }
        let session = SearchSession(index: index)
        var checked = 0
        for query in RandomBook.queries(for: contacts, count: 400, &random) {
            session.setQuery(query)
            let found = session.results(limit: scenario.limit)
            let expected = bruteForce(query, index: index, limit: scenario.limit)
            #expect(found.map(\.contact) == expected.map(\.contact), "query \(query.map(String.init).joined())")
            #expect(found.map(\.quality) == expected.map(\.quality), "query \(query.map(String.init).joined())")
            checked += found.count
        }
        #expect(checked > 400 * scenario.limit / 4, "the queries should find plenty")
    }

    /// The keys of a book made in chunks of contacts, a builder a chunk (on several cores),
    /// and joined: the same pool and tables, byte for byte, as one builder makes of them all.
    @Test(arguments: [1, 7, 100, 499, 1500])
    func keysMadeInChunksAreTheKeysMadeAtOnce(contactsPerJob: Int) {
        var random = SplitMix(seed: 11)
        let contacts = ContactTable((0..<1500).map { _ in RandomBook.contact(&random) })
        let options = SearchOptions(mode: .anywhere, region: DialingRegion("GB"))
        let affinity = RandomBook.affinity(count: contacts.count, &random)
        func index(_ contactsPerJob: Int) -> SearchIndex {
            SearchIndex(
                table: contacts, alphabet: Fixtures.alphabet, options: options, affinity: affinity, progress: nil, parallelism: .cores,
                contactsPerKeyJob: contactsPerJob)
        }
        let width = Parallelism.cores.width
        #expect(SearchIndex.keyChunks(contacts.count, contactsPerJob: contactsPerJob, width: width).count == min(contacts.count / contactsPerJob, 4 * width))
        let whole = index(.max), chunked = index(contactsPerJob)
        #expect(chunked.keys.pool.bytes == whole.keys.pool.bytes)
        func offsets(_ index: SearchIndex) -> [[UInt32]] { index.keys.tables.map { table in (0..<table.count).map { table.offsets[$0] } } }
        #expect(offsets(chunked) == offsets(whole))
        #expect(chunked.contactsByRank == whole.contactsByRank)
    }

    func bruteForce(_ query: [UInt8], index: SearchIndex, limit: Int) -> [(contact: Int, quality: MatchQuality)] {
        var found: [(contact: Int, quality: MatchQuality)] = []
        for (position, contact) in index.contacts.enumerated() where !contact.numbers.isEmpty {
            var best: MatchQuality? = nil
            for name in contact.names {
                let text = KeyedText(name.text, alphabet: index.alphabet)
                if let match = FieldMatcher.matchName(query, in: text, mode: index.options.mode) { best = min(best ?? match.quality, match.quality) }
            }
            for number in contact.numbers {
                if let match = FieldMatcher.matchNumber(query, in: NumberForms(number, region: index.options.region)) {
                    best = min(best ?? match.quality, match.quality)
                }
            }
            if let best { found.append((position, best)) }
        }
        found.sort { ($0.quality, index.rank(of: $0.contact)) < ($1.quality, index.rank(of: $1.contact)) }
        return Array(found.prefix(limit))
    }
}

/// Random contacts with names in Latin (with accents), Cyrillic, Greek and CJK, hyphens and
/// apostrophes, and numbers in international and national forms.
enum RandomBook {
    static let syllables = [
        "an", "na", "jo", "hn", "smi", "th", "fre", "d", "wil", "li", "am", "é", "ço", "ß", "ø",
        "ан", "на", "ло", "ги", "ёж", "αλ", "έξ", "ος", "ka", "ri", "mo", "x", "z", "1", "8",
    ]
    static let separators = [" ", " ", " ", "-", "'", " 周 "]

    static func word(_ random: inout SplitMix) -> String {
        (0..<random.next(1...3)).map { _ in syllables[random.next(0...(syllables.count - 1))] }.joined()
    }

    static func contact(_ random: inout SplitMix) -> SearchableContact {
        var name = word(&random)
        for _ in 0..<random.next(0...4) { name += separators[random.next(0...(separators.count - 1))] + word(&random) }
        var names = [NameField(name, kind: .displayName)]
        if random.next(0...5) == 0 { names.append(NameField(word(&random), kind: .nickname)) }
        let numbers = (0..<random.next(0...3)).map { _ in number(&random) }
        return SearchableContact(names: names, numbers: numbers, uid: "u\(random.next(0...1_000_000))")
    }

    static func number(_ random: inout SplitMix) -> String {
        let digits = (0..<random.next(6...10)).map { _ in String(random.next(0...9)) }.joined()
        switch random.next(0...5) {
        case 0: return "+44 " + digits
        case 1: return "0" + digits
        case 2: return "+1 " + String(digits.prefix(3)) + "-" + String(digits.dropFirst(3))
        case 3: return "8 (" + digits + ")"
        case 4: return "+7" + digits
        default: return "(" + String(digits.prefix(3)) + ") " + String(digits.dropFirst(3))
        }
    }

    /// Queries as users type them: prefixes of names from word starts, initials, pieces of
    /// numbers, and random keys.
    static func queries(for contacts: [SearchableContact], count: Int, _ random: inout SplitMix) -> [[UInt8]] {
        var queries: [[UInt8]] = []
        while queries.count < count {
            let contact = contacts[random.next(0...(contacts.count - 1))]
            var query: [UInt8]
            switch random.next(0...3) {
            case 0:
                let text = KeyedText(contact.displayName, alphabet: Fixtures.alphabet)
                guard let word = text.words.randomElement(using: &random) else { continue }
                query = Array(text.keys[word.lowerBound...].prefix(random.next(1...8)))
            case 1:
                let text = KeyedText(contact.displayName, alphabet: Fixtures.alphabet)
                query = text.words.filter { _ in random.next(0...1) == 0 }.map { text.keys[$0.lowerBound] }
            case 2:
                guard let number = contact.numbers.first else { continue }
                let digits = Array(number.unicodeScalars.compactMap { ("0"..."9").contains($0) ? UInt8($0.value - 48) : nil })
                let start = random.next(0...max(0, digits.count - 2))
                query = Array(digits[start...].prefix(random.next(1...6)))
            default:
                query = (0..<random.next(1...4)).map { _ in UInt8(random.next(0...9)) }
            }
            guard !query.isEmpty else { continue }
            // Type it key by key, as a user does, sometimes with a correction.
            for length in 1...query.count { queries.append(Array(query.prefix(length))) }
            if query.count > 2 { queries.append(Array(query.prefix(query.count - 1))) }
        }
        return queries
    }
}

extension RandomBook {
    /// Dial history's affinity for a book of `count` contacts: a tenth of them called, some
    /// equally often.
    static func affinity(count: Int, _ random: inout SplitMix) -> [Double] {
        (0..<count).map { _ in random.next(0...9) == 0 ? Double(random.next(1...5)) : 0 }
    }
}
