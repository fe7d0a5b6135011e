// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

@Suite("Ranking")
struct RankingTests {
    func names(_ results: [SearchResult], _ index: SearchIndex) -> [String] {
        results.map { index.contacts[$0.contact].displayName }
    }

    @Test func matchQualityComesFirst() {
        let index = Fixtures.index([
            Fixtures.contact("Zed Two", ["+44 1764 000"]),
            Fixtures.contact("Zed", ["764 1234"]),
            Fixtures.contact("Fred Smith", ["1"]),
            Fixtures.contact("Sam Max Ina", ["1"]),
            Fixtures.contact("Smiley", ["1"]),
            Fixtures.contact("Osmium", ["1"]),
        ])
        let results = index.search(Fixtures.keys("764"))
        #expect(names(results, index) == ["Smiley", "Sam Max Ina", "Fred Smith", "Zed", "Zed Two"])
        #expect(results.map(\.quality) == [.namePrefix, .initials, .laterWordPrefix, .numberPrefix, .numberMiddle])
    }

    @Test func anywhereMatchesRankLast() {
        let contacts = [Fixtures.contact("Osmium", ["1"]), Fixtures.contact("Zed", ["+44 1764 000"]), Fixtures.contact("Smiley", ["1"])]
        let index = Fixtures.index(contacts, options: SearchOptions(mode: .anywhere))
        let results = index.search(Fixtures.keys("764"))
        #expect(names(results, index) == ["Smiley", "Zed", "Osmium"])
        #expect(results.last?.quality == .anywhere)
        #expect(results.last?.ranges == [1..<4])
    }

    @Test func affinityThenNameWithinAQuality() {
        let contacts = [Fixtures.contact("Anne"), Fixtures.contact("Ángel"), Fixtures.contact("Anna"), Fixtures.contact("Bob Angus")]
        let byName = Fixtures.index(contacts)
        #expect(names(byName.search(Fixtures.keys("26")), byName) == ["Ángel", "Anna", "Anne", "Bob Angus"])
        let byAffinity = byName.reranked(affinity: [5, 0, 0, 9])
        #expect(names(byAffinity.search(Fixtures.keys("26")), byAffinity) == ["Bob Angus", "Anne", "Ángel", "Anna"])
        #expect(byAffinity.rank(of: 3) == 0)
    }

    @Test func aContactAppearsOnceWithItsBestMatch() throws {
        let index = Fixtures.index([Fixtures.contact("Fred", ["3733 000", "+1 3733"])])
        let results = index.search(Fixtures.keys("3733"))
        #expect(results.count == 1)
        #expect(results.first?.quality == .namePrefix)
    }

    @Test func aNumberMatchShowsThatNumberAndANameMatchThePreferredOne() throws {
        let contact = SearchableContact(names: [NameField("Dana", kind: .displayName)], numbers: ["0201 111", "0755 222"], preferredNumber: 1, uid: "d")
        let index = Fixtures.index([contact])
        #expect(index.search(Fixtures.keys("3262")).first?.number == 1)
        #expect(index.search(Fixtures.keys("0201")).first?.number == 0)
        #expect(index.search(Fixtures.keys("0201")).first?.field == .number(0))
    }

    @Test func contactsSharingANumberAreTwoResults() {
        let index = Fixtures.index([Fixtures.contact("Ann", ["555 0100"]), Fixtures.contact("Bob", ["555 0100"])])
        #expect(names(index.search(Fixtures.keys("5550100")), index) == ["Ann", "Bob"])
    }

    @Test func contactsWithoutNumbersAreNotFound() {
        let index = Fixtures.index([Fixtures.contact("Ann", []), Fixtures.contact("Anna", ["1"])])
        #expect(names(index.search(Fixtures.keys("266")), index) == ["Anna"])
    }

    @Test func equalNamesRankByUID() {
        let index = Fixtures.index([Fixtures.contact("Ann", uid: "b"), Fixtures.contact("Ann", uid: "a")])
        #expect(index.search(Fixtures.keys("266")).map(\.contact) == [1, 0])
    }

    @Test func limitAndEmptyQuery() {
        let index = Fixtures.index((0..<50).map { Fixtures.contact("Ann \($0)") })
        #expect(index.search(Fixtures.keys("266"), limit: 7).count == 7)
        #expect(index.search([], limit: 7).isEmpty)
        #expect(index.search(Fixtures.keys("266"), limit: 0).isEmpty)
    }

    @Test func typingAndDeletingEqualsSearchingAgain() {
        let index = Fixtures.index([Fixtures.contact("Fred Smith"), Fixtures.contact("Fredo"), Fixtures.contact("Sam", ["373 1"])])
        let session = SearchSession(index: index)
        for key in Fixtures.keys("37337") { session.type(key) }
        #expect(session.results() == index.search(Fixtures.keys("37337")))
        session.deleteLast()
        session.deleteLast()
        #expect(session.query == Fixtures.keys("373"))
        #expect(session.results() == index.search(Fixtures.keys("373")))
        session.setQuery(Fixtures.keys("3736"))
        #expect(session.results() == index.search(Fixtures.keys("3736")))
        session.clear()
        #expect(session.results().isEmpty)
    }
}
