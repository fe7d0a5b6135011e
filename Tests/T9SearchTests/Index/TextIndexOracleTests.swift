// SPDX-License-Identifier: Apache-2.0

@testable import T9Search
import Testing

/// The text index must find exactly what scanning every name finds, in rank order.
@Suite("Text index agrees with scanning")
struct TextIndexOracleTests {
    /// Seeds and limits; some books are reranked with dial history after they are indexed.
    @Test(arguments: [(UInt64(11), 20, false), (12, 5, false), (13, 60, false), (14, 20, true)])
    func randomBook(seed: UInt64, limit: Int, reranked: Bool) {
        var random = SplitMix(seed: seed)
        let contacts = (0..<1500).map { _ in RandomBook.contact(&random) }
        var index = Fixtures.index(contacts)
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

    /// Texts as multi-tap types them: letters of names from any position, growing one at a
    /// time, the last letter sometimes cycled through its key's letters.
    func queries(_ contacts: [SearchableContact], count: Int, _ random: inout SplitMix) -> [String] {
        var queries: [String] = []
        while queries.count < count {
            let name = Array(contacts[random.next(0...(contacts.count - 1))].displayName)
            guard name.count > 2 else { continue }
            let start = random.next(0...(name.count - 2))
            let text = String(name[start...].prefix(random.next(1...6)))
            for length in 1...text.count { queries.append(String(text.prefix(length))) }
            queries.append(String(text.dropLast()) + ["a", "b", "c", "я", "ω"][random.next(0...4)])
        }
        return queries
    }
}
