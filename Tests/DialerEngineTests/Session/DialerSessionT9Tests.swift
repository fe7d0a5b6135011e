// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

@Suite("Dialer session: T9 mode")
struct DialerSessionT9Tests {
    @Test func startsEmptyInT9() throws {
        let dialing = try SessionFixtures.dialer()
        #expect(dialing.screen == ScreenState(mode: .t9, modeLabel: "T9"))
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test(arguments: [
        ("373", ["sanders", "smith", "jones"]),
        ("3733", ["sanders", "smith"]),
        ("37337", ["sanders", "smith"]),
        ("373376", ["smith"]),
        ("3733768", []),
    ])
    func eachKeyNarrowsTheResults(digits: String, uids: [String]) throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type(digits)
        #expect(dialing.query == digits)
        #expect(dialing.uids == uids)
        #expect(dialing.screen.selection == (uids.isEmpty ? nil : 0))
    }

    @Test func everyDigitUpdatesTheScreenOnceWhenItGoesDown() throws {
        var dialing = try SessionFixtures.dialer()
        let pressed = dialing.send(.pressed(.digit(3)), at: 0)
        let released = dialing.send(.tapped(.digit(3)), at: ms(60))
        #expect(pressed.count == 1)
        #expect(released.isEmpty)
        #expect(dialing.query == "3")
    }

    @Test func starCyclesTheSelectionAndWraps() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        var selected: [String?] = [dialing.selectedUID]
        for _ in 0..<3 {
            dialing.tap(.star)
            selected.append(dialing.selectedUID)
        }
        #expect(selected == ["sanders", "smith", "jones", "sanders"])
        #expect(dialing.query == "373")
    }

    @Test func nextAndPreviousMoveTheSelectionBothWays() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        dialing.press(.previous)
        #expect(dialing.selectedUID == "jones")
        dialing.press(.next)
        dialing.press(.next)
        #expect(dialing.selectedUID == "smith")
    }

    @Test func theSelectionGoesBackToTheFirstResultWhenTheResultsChange() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373**")
        #expect(dialing.selectedUID == "jones")
        dialing.type("3")
        #expect(dialing.uids == ["sanders", "smith"])
        #expect(dialing.selectedUID == "sanders")
    }

    @Test func theSelectionStaysWhenOnlyTheHighlightsMove() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("3733*")
        dialing.type("7")
        #expect(dialing.uids == ["sanders", "smith"])
        #expect(dialing.selectedUID == "smith")
    }

    @Test func movingWithNoResultsChangesNothing() throws {
        var dialing = try SessionFixtures.dialer()
        let updates = dialing.send(.pressed(.next), at: 0)
        #expect(updates.isEmpty)
    }

    @Test func starHeldDeletesTheLastDigitAndHeldLongerClears() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("3733")
        dialing.hold(.star)
        #expect(dialing.query == "373")
        #expect(dialing.uids == ["sanders", "smith", "jones"])
        dialing.hold(.star, longer: true)
        #expect(dialing.query == "")
        #expect(dialing.screen.results.isEmpty)
        #expect(dialing.screen.selection == nil)
    }

    @Test func backspaceDeletesWhenPressedAndClearsWhenHeldLonger() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("3733")
        dialing.press(.delete)
        #expect(dialing.query == "373")
        dialing.hold(.delete, longer: true)
        #expect(dialing.query == "")
    }

    @Test func zeroHeldBecomesPlusWhichTheSearchIgnores() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.digit(0))
        #expect(dialing.query == "+")
        #expect(dialing.screen.results.isEmpty)
        dialing.type("447700")
        #expect(dialing.query == "+447700")
        #expect(dialing.uids == ["smith"])
        dialing.press(.delete)
        dialing.press(.delete)
        dialing.press(.delete)
        dialing.press(.delete)
        #expect(dialing.query == "+44")
        // Both +44 numbers from their start, then a 44 inside a number.
        #expect(dialing.uids == ["sanders", "smith", "adams"])
        dialing.press(.delete)
        dialing.press(.delete)
        #expect(dialing.query == "+")
        dialing.press(.delete)
        #expect(dialing.query == "")
    }

    @Test func otherDigitsHeldTypeOnce() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.digit(3), longer: true)
        #expect(dialing.query == "3")
    }

    @Test func ignoredKeysDoNothing() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        let idleDeadline = dialing.session.nextDeadline
        #expect(dialing.send(.pressed(.ignore), at: ms(10_000)).isEmpty)
        #expect(dialing.send(.held(.ignore), at: ms(10_500)).isEmpty)
        #expect(dialing.send(.tapped(.ignore), at: ms(10_600)).isEmpty)
        // Not even the idle time restarts.
        #expect(dialing.session.nextDeadline == idleDeadline)
    }

    @Test func theResultLimitCapsTheResults() throws {
        var dialing = try SessionFixtures.dialer(DialerSettings(resultLimit: 2))
        dialing.type("373")
        #expect(dialing.uids == ["sanders", "smith"])
    }

    @Test func resultsCarryWhatADisplayShows() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("37337")
        let first = try #require(dialing.screen.selectedResult)
        #expect(first.name == "Fred Sanders")
        #expect(first.number == "+44 121 496 0000")
        #expect(first.text == "Fred Sanders")
        #expect(first.field == .name(0))
        #expect(first.ranges == [0..<6])
        #expect(first.quality == .namePrefix)
        #expect(first.result.contact == 1)
    }

    /// A digit held down for hours (a million presses in a recording) once grew the query, and
    /// every screen printed, without end: past 64 characters keys are ignored.
    @Test func theQueryStopsAtItsLimit() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type(String(repeating: "5", count: QueryText.maximumLength + 40), gap: ms(100))
        #expect(dialing.query == String(repeating: "5", count: QueryText.maximumLength))
        dialing.press(.delete)
        dialing.type("7")
        #expect(dialing.query == String(repeating: "5", count: QueryText.maximumLength - 1) + "7")
    }
}
