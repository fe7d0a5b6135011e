// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Foundation
import Testing
@testable import DialHistory

@Suite struct AffinityTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    let day: TimeInterval = 24 * 60 * 60

    func dials(_ uid: String, agesInDays: [Double]) -> [Dial] {
        agesInDays.map { Dial(uid: uid, number: "1", time: now - $0 * day, status: .placed) }
    }

    @Test func frequentBeatsRare() {
        let scores = Affinity().scores(dials: dials("often", agesInDays: [1, 2, 3]) + dials("rare", agesInDays: [1]), favourites: [], now: now)
        #expect(scores["often"]! > scores["rare"]!)
    }

    @Test func recentBeatsOld() {
        let scores = Affinity().scores(dials: dials("old", agesInDays: [60, 61]) + dials("new", agesInDays: [0.5]), favourites: [], now: now)
        #expect(scores["new"]! > scores["old"]!)
    }

    @Test func aDialAHalfLifeAgoCountsHalf() {
        let scores = Affinity().scores(dials: dials("a", agesInDays: [0, 14]), favourites: [], now: now)
        #expect(abs(scores["a"]! - 1.5) < 1e-9)
    }

    /// Which of a contact's numbers is called most: calls out that went through, decaying;
    /// calls in, calls that did not go through and typed numbers count for none.
    @Test(
        arguments: [
            (Dial.Status.placed, CallDirection.outgoing, 1.0),
            (.answered, .outgoing, 1.0),
            (.answered, .incoming, 0),
            (.busy, .outgoing, 0),
            (.noAnswer, .outgoing, 0),
            (.cancelled, .outgoing, 0),
            (.missed, .incoming, 0),
        ])
    func numberScoresCountCallsOutThatWentThrough(status: Dial.Status, direction: CallDirection, score: Double) {
        let scores = Affinity().numberScores(
            dials: [Dial(uid: "fred", number: "+44 121 496 0000", time: now, status: status, direction: direction)], now: now)
        #expect(scores["fred"]?["+44 121 496 0000"] ?? 0 == score)
    }

    @Test func numberScoresDecayAndAddUpByNumber() {
        let home = "+44 121 496 0000", mobile = "+44 7700 900123"
        let history = [
            Dial(uid: "fred", number: home, time: now - 14 * day, status: .placed),
            Dial(uid: "fred", number: home, time: now, status: .placed),
            Dial(uid: "fred", number: mobile, time: now - 28 * day, status: .answered),
            Dial(uid: nil, number: mobile, time: now, status: .placed),
        ]
        let scores = Affinity().numberScores(dials: history, now: now)
        #expect(abs(scores["fred"]![home]! - 1.5) < 1e-9)
        #expect(abs(scores["fred"]![mobile]! - 0.25) < 1e-9)
        #expect(scores.keys.sorted() == ["fred"])
    }

    @Test func favouritesComeFirstOfAll() {
        let history = dials("often", agesInDays: Array(repeating: 0, count: 50)) + dials("fav2", agesInDays: [3])
        let scores = Affinity().scores(dials: history, favourites: ["fav1", "fav2"], now: now)
        #expect(scores["fav1"]! > scores["often"]!)
        #expect(scores["fav2"]! > scores["fav1"]!)
        #expect(scores.keys.sorted() == ["fav1", "fav2", "often"])
    }

    @Test func typedNumbersAndFutureDialsAreHandled() {
        let history = [
            Dial(uid: nil, number: "112", time: now, status: .placed),
            Dial(uid: "future", number: "1", time: now + 10 * day, status: .placed),
        ]
        #expect(Affinity().scores(dials: history, favourites: [], now: now) == ["future": 1])
    }

    /// Ranking learns from calls that went through: answered, either way, or placed by a
    /// method that knows no more. A call that reached no one teaches nothing.
    @Test(arguments: [
        (Dial.Status.placed, true), (.answered, true), (.busy, false), (.noAnswer, false), (.missed, false), (.rejected, false),
        (.failed, false), (.cancelled, false),
    ])
    func onlyCallsThatWentThroughCount(status: Dial.Status, counts: Bool) {
        let history = [
            Dial(uid: "out", number: "1", time: now, status: status),
            Dial(uid: "in", number: "2", time: now, status: status, direction: .incoming),
        ]
        #expect(Affinity().scores(dials: history, favourites: [], now: now) == (counts ? ["out": 1, "in": 1] : [:]))
    }

    @Test func anAnsweredIncomingCallRanksItsCaller() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try DialHistory(path: "\(folder)/t9dial.sqlite")
        try history.record(Dial(uid: "caller", number: "1", time: now - day, status: .answered, direction: .incoming, duration: .seconds(30)))
        try history.record(Dial(uid: "missed", number: "2", time: now - day, status: .missed, direction: .incoming))
        try history.record(Dial(uid: "busy", number: "3", time: now, status: .busy))
        #expect(try history.affinity(now: now).keys.sorted() == ["caller"])
    }

    @Test func historyAffinityReadsTheDials() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try DialHistory(path: "\(folder)/t9dial.sqlite")
        for dial in dials("often", agesInDays: [1, 2]) + dials("rare", agesInDays: [1]) { try history.record(dial) }
        let scores = try history.affinity(favourites: [], now: now)
        #expect(scores["often"]! > scores["rare"]!)
    }
}
