// SPDX-License-Identifier: Apache-2.0

@testable import T9Search
import SeededRandom
import Testing

/// The text index must find exactly what scanning every name finds, in rank order.
@Suite("Text index agrees with scanning")
struct TextIndexOracleTests {
    /// Seeds, limits and match modes; some books are reranked with dial history after they are
    /// indexed.
    @Test(arguments: [
        (UInt64(11), 20, false, MatchMode.smart), (12, 5, false, .smart), (13, 60, false, .anywhere), (14, 20, true, .smart),
        (15, 20, true, .anywhere),
    ])
    func randomBook(seed: UInt64, limit: Int, reranked: Bool, mode: MatchMode) {
        var random = SplitMix(seed: seed)
        let contacts = (0..<1500).map { _ in RandomBook.contact(&random) }
        var index = Fixtures.index(contacts, options: SearchOptions(mode: mode))
        if reranked { index = index.reranked(affinity: RandomBook.affinity(count: contacts.count, &random)) }
        let session = TextSession(index: index)
        var checked = 0
        for query in queries(contacts, count: 300, &random) {
            session.setText(query)
            let found = session.results(limit: limit)
            let spelled = TextQuery.query(query, alphabet: index.alphabet)
            let expected = TextQuery.scan(spelled, in: index, limit: limit)
            #expect(found.map(\.contact) == expected.map(\.contact), "text \(query)")
            #expect(found.map(\.quality) == expected.map(\.quality), "text \(query)")
            #expect(found.map(\.ranges) == expected.map(\.ranges), "text \(query)")
            checked += found.count
        }
        #expect(checked > 300)
    }

    /// Texts as multi-tap types them: letters of names from a word's start, from any position,
    /// or as initials (first letters of words, then a later word), growing one at a time, the
    /// last letter sometimes cycled through its key's letters.
    func queries(_ contacts: [SearchableContact], count: Int, _ random: inout SplitMix) -> [String] {
        var queries: [String] = []
        while queries.count < count {
            let name = Array(contacts[random.next(0...(contacts.count - 1))].displayName)
            guard name.count > 2 else { continue }
            let wordStarts = name.indices.filter { $0 == 0 || name[$0 - 1] == " " }
            let text: String
            switch random.next(0...2) {
            case 0:
                let start = random.next(0...(name.count - 2))
                text = String(name[start...].prefix(random.next(1...6)))
            case 1:
                text = String(name[wordStarts[random.next(0...(wordStarts.count - 1))]...].prefix(random.next(1...6)))
            default:
                guard wordStarts.count > 1 else { continue }
                let tail = random.next(1...(wordStarts.count - 1))
                let heads = wordStarts[..<tail].filter { _ in random.next(0...1) == 0 }.prefix(3)
                text = String(heads.map { name[$0] }) + String(name[wordStarts[tail]...].prefix(random.next(1...4)))
            }
            guard !text.isEmpty else { continue }
            for length in 1...text.count { queries.append(String(text.prefix(length))) }
            queries.append(String(text.dropLast()) + ["a", "b", "c", "я", "ω"][random.next(0...4)])
        }
        return queries
    }
}
