// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

@Suite("Dialer session: timers")
struct DialerSessionTimerTests {
    @Test func theQueryClearsAtTheIdleTimeAfterTheLastKey() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        let lastKey = ms(400) + Dialing.tapLength
        #expect(dialing.session.nextDeadline == lastKey + ms(30_000))
        #expect(dialing.advance(to: lastKey + ms(29_999)).isEmpty)
        let cleared = dialing.advance(to: lastKey + ms(30_000))
        #expect(cleared == [.screen(ScreenState(mode: .t9, modeLabel: "T9"))])
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test func aKeyAfterTheIdleTimeStartsANewQuery() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("37")
        let updates = dialing.send(.pressed(.digit(3)), at: ms(60_000))
        #expect(updates.count == 2)
        #expect(updates.first == .screen(ScreenState(mode: .t9, modeLabel: "T9")))
        #expect(dialing.query == "3")
    }

    @Test func anyGestureRestartsTheIdleTime() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        dialing.send(.tapped(.star), at: ms(20_000))
        #expect(dialing.session.nextDeadline == ms(50_000))
    }

    @Test func nextDeadlineIsTheEarliestTimer() throws {
        var dialing = try SessionFixtures.dialer(DialerSettings(initialMode: .multiTap(layout: "latin")))
        #expect(dialing.session.nextDeadline == nil)
        dialing.send(.pressed(.digit(2)), at: 0)
        #expect(dialing.session.nextDeadline == ms(800))
        dialing.send(.tapped(.digit(2)), at: ms(60))
        #expect(dialing.session.nextDeadline == ms(800))
        dialing.advance(to: ms(800))
        #expect(dialing.session.nextDeadline == ms(30_060))
    }

    @Test func anIdleTimeShorterThanTheCommitTimeComesFirst() throws {
        var dialing = try SessionFixtures.dialer(
            DialerSettings(multiTapCommit: ms(800), idleClear: ms(500), initialMode: .multiTap(layout: "latin")))
        dialing.send(.pressed(.digit(2)), at: 0)
        #expect(dialing.session.nextDeadline == ms(500))
        dialing.advance(to: ms(500))
        #expect(dialing.screen.query == QueryText())
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test func advancingPastSeveralTimersRunsThemInOrder() throws {
        var dialing = try SessionFixtures.dialer(DialerSettings(initialMode: .multiTap(layout: "latin")))
        dialing.send(.pressed(.digit(2)), at: 0)
        let updates = dialing.advance(to: ms(100_000))
        let queries = updates.compactMap { if case .screen(let screen) = $0 { screen.query } else { nil } }
        #expect(queries == [QueryText(committed: "a"), QueryText()])
    }

    @Test func withoutAnIdleTimeTheQueryStays() throws {
        var dialing = try SessionFixtures.dialer(DialerSettings(idleClear: nil))
        dialing.type("373")
        #expect(dialing.session.nextDeadline == nil)
        #expect(dialing.advance(to: ms(3_600_000)).isEmpty)
        #expect(dialing.query == "373")
    }

    @Test func aDialLeavesNoTimer() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373#")
        #expect(dialing.session.nextDeadline == nil)
    }

    @Test func aFailedDialsQueryDoesNotClearBehindTheCallingScreen() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373#")
        dialing.finishDial(.busy)
        #expect(dialing.advance(to: dialing.now + ms(600_000)).isEmpty)
        // The next key leaves the calling screen, and the idle time starts again from it.
        dialing.press(.next)
        #expect(dialing.query == "373")
        #expect(dialing.session.nextDeadline != nil)
    }
}
