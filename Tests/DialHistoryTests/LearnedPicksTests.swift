// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import DialHistory

@Suite struct LearnedPicksTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test func aPickHoldsForItsSequenceAndPrefixes() {
        var picks = LearnedPicks()
        picks.add(query: "37337", mode: "t9", uid: "fred", at: start)
        for query in ["3", "37", "373", "3733", "37337"] {
            #expect(picks.pick(for: query, mode: "t9") == "fred")
        }
        #expect(picks.pick(for: "373370", mode: "t9") == nil)
        #expect(picks.pick(for: "4", mode: "t9") == nil)
        #expect(picks.pick(for: "", mode: "t9") == nil)
        #expect(picks.pick(for: "37", mode: "multitap") == nil)
    }

    @Test func theNewestPickWins() {
        var picks = LearnedPicks()
        picks.add(query: "37337", mode: "t9", uid: "fred", at: start)
        picks.add(query: "372", mode: "t9", uid: "erin", at: start + 60)
        #expect(picks.pick(for: "37", mode: "t9") == "erin")
        #expect(picks.pick(for: "372", mode: "t9") == "erin")
        #expect(picks.pick(for: "373", mode: "t9") == "fred")
        // An older pick added later (read out of order) does not override a newer one.
        picks.add(query: "37", mode: "t9", uid: "old", at: start - 60)
        #expect(picks.pick(for: "3", mode: "t9") == "erin")
    }

    @Test func multitapQueriesAreText() {
        var picks = LearnedPicks()
        picks.add(query: "glö", mode: "multitap", uid: "telemaco", at: start)
        #expect(picks.pick(for: "gl", mode: "multitap") == "telemaco")
        #expect(picks.pick(for: "glö", mode: "multitap") == "telemaco")
    }

    @Test func picksPersistAndNewestWinsAfterReopening() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        do {
            let history = try DialHistory(path: path)
            try history.learn(query: "37337", mode: "t9", uid: "fred", at: start)
            try history.learn(query: "372", mode: "t9", uid: "erin", at: start + 60)
            try history.learn(query: "37337", mode: "t9", uid: "fred", at: start + 120)
            #expect(history.pick(for: "37", mode: "t9") == "fred")
        }
        let history = try DialHistory(path: path)
        #expect(history.pick(for: "37", mode: "t9") == "fred")
        #expect(history.pick(for: "372", mode: "t9") == "erin")
        #expect(history.pick(for: "3733", mode: "t9") == "fred")
    }
}
