// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

@Suite("Dialer session: learned picks and a new index")
struct DialerSessionLearningTests {
    @Test func theLearnedPickRanksFirstForItsQuery() throws {
        var dialing = try SessionFixtures.dialer()
        var asked: [(String, InputMode)] = []
        dialing.session.learnedPick = { query, mode in
            asked.append((query, mode))
            return query.hasPrefix("373") ? "jones" : nil
        }
        dialing.type("37")
        #expect(dialing.uids.first != "jones")
        dialing.type("3")
        #expect(dialing.uids.first == "jones")
        #expect(dialing.selectedUID == "jones")
        #expect(Set(dialing.uids) == ["smith", "sanders", "jones"])
        #expect(asked.last?.0 == "373")
        #expect(asked.last?.1 == .t9)
    }

    @Test func aPickThatNoLongerMatchesIsIgnored() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.session.learnedPick = { _, _ in "adams" }
        dialing.type("373")
        #expect(!dialing.uids.contains("adams"))
        #expect(dialing.uids.count == 3)
    }

    @Test func multiTapAsksWithItsTextAndMode() throws {
        var dialing = try SessionFixtures.dialer(DialerSettings(initialMode: .multiTap(layout: "latin")))
        var asked: [(String, InputMode)] = []
        dialing.session.learnedPick = { query, mode in
            asked.append((query, mode))
            return nil
        }
        dialing.type("333")  // f
        #expect(asked.last?.0 == "f")
        #expect(asked.last?.1 == .multiTap(layout: "latin"))
    }

    @Test func aNewIndexIsSearchedWithTheQueryKept() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        dialing.tap(.star)
        let selected = try #require(dialing.selectedUID)
        #expect(selected != "jones")
        // The book reloads with a new Fred, ranked first, and Freya gone.
        let contacts =
            [SessionFixtures.contact("Fred Adams", "+44 20 7946 0000", uid: "fadams")]
            + SessionFixtures.contacts.filter { $0.uid != "jones" }
        let index = SearchIndex(contacts: contacts, alphabet: SessionFixtures.index.alphabet)
        let updates = dialing.session.replaceIndex(index)
        #expect(updates.count == 1)
        #expect(dialing.query == "373")
        #expect(Set(dialing.uids) == ["fadams", "smith", "sanders"])
        // The selection stays on the contact it was on, which has moved down a row.
        #expect(dialing.selectedUID == selected)
        #expect(dialing.screen.selection == 2)
        dialing.type("3")
        #expect(Set(dialing.uids) == ["fadams", "smith", "sanders"])
    }

    @Test func aNewIndexWithoutTheSelectedContactSelectsTheFirst() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        dialing.tap(.star)
        let selected = try #require(dialing.selectedUID)
        let index = SearchIndex(contacts: SessionFixtures.contacts.filter { $0.uid != selected }, alphabet: SessionFixtures.index.alphabet)
        _ = dialing.session.replaceIndex(index)
        #expect(dialing.screen.selection == 0)
        #expect(!dialing.uids.contains(selected))
    }
}
