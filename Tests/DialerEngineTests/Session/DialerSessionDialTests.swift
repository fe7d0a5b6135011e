// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import T9Search
import Testing

@Suite("Dialer session: dialling")
struct DialerSessionDialTests {
    static let smith = DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")

    @Test func poundTappedDialsTheSelectionAndShowsItDialling() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("3733")
        dialing.tap(.star)
        let pressed = dialing.send(.pressed(.pound), at: dialing.now)
        let released = dialing.send(.tapped(.pound), at: dialing.now + ms(60))
        #expect(pressed.isEmpty)
        guard released.count == 2, case .screen(let calling) = released[1] else {
            Issue.record("expected the dial and the calling screen: \(released)")
            return
        }
        #expect(released[0] == .dial(Self.smith))
        #expect(calling.calling == Self.smith)
        #expect(calling.callProgress == .dialling)
        #expect(calling.callHeadline == "Calling")
        // The query waits behind the calling screen until the call is placed.
        #expect(calling.query.text == "3733")
    }

    @Test func aPlacedCallClearsTheQuery() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.finishDial(.placed, number: "+447700900123")
        #expect(dialing.screen.calling == Self.smith)
        #expect(dialing.screen.callHeadline == "Calling")
        #expect(dialing.query == "")
        #expect(dialing.session.nextDeadline == nil)
        // The outcome is reported before the screen that shows it.
        #expect(dialing.updates.suffix(2).first == .dialFinished(Self.smith, DialOutcome(.placed, via: "test", number: "+447700900123")))
    }

    @Test func aFailedDialShowsWhyAndKeepsTheQuery() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("3733")
        dialing.tap(.star)
        dialing.type("#")
        dialing.finishDial(.busy)
        #expect(dialing.screen.callHeadline == "Busy")
        #expect(dialing.screen.callProgress?.failed == true)
        // Any key goes back to the query as it was, selection included.
        dialing.press(.next)
        #expect(dialing.screen.calling == nil)
        #expect(dialing.query == "3733")
        #expect(dialing.selectedUID == "sanders")
    }

    @Test func anOutcomeAfterTheUserMovedOnChangesNothingOnScreen() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.type("4")
        let before = dialing.screen
        dialing.finishDial(.placed, number: "+447700900123")
        #expect(dialing.screen == before)
        #expect(dialing.query == "3733764")
    }

    @Test func poundTappedOnTheCallingScreenOnlyLeavesIt() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.finishDial(.noCarrier)
        dialing.type("#")
        #expect(dialing.dials.count == 1)
        #expect(dialing.screen.calling == nil)
        #expect(dialing.query == "373376")
    }

    @Test func poundHeldOnTheCallingScreenHangsUp() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.finishDial(.placed, number: "+447700900123")
        dialing.hold(.pound)
        #expect(dialing.updates.contains(.hangUp(Self.smith)))
        #expect(dialing.screen.calling == nil)
        // Held on the calling screen, # does not also switch mode.
        #expect(dialing.screen.mode == .t9)
    }

    @Test func poundHeldWithoutACallStillSwitchesMode() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.pound)
        #expect(dialing.screen.mode != .t9)
        #expect(!dialing.updates.contains { if case .hangUp = $0 { true } else { false } })
    }

    @Test func aFailedCallHasNothingToHangUp() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.finishDial(.busy)
        dialing.press(.hangUp)
        #expect(!dialing.updates.contains { if case .hangUp = $0 { true } else { false } })
        #expect(dialing.screen.calling == nil)
        #expect(dialing.query == "373376")
    }

    @Test func enterDialsWhenPressed() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376")
        let pressed = dialing.send(.pressed(.dial), at: dialing.now)
        let released = dialing.send(.tapped(.dial), at: dialing.now + ms(60))
        #expect(pressed.first == .dial(Self.smith))
        #expect(released.isEmpty)
    }

    @Test func poundWithNoMatchesDialsTheTypedNumber() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("4242#")
        #expect(dialing.dials == [DialRequest(number: "4242")])
        #expect(dialing.screen.calling == DialRequest(number: "4242"))
        dialing.finishDial(.placed, number: "4242")
        #expect(dialing.query == "")
    }

    @Test func theTypedNumberKeepsItsPlus() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.digit(0))
        dialing.type("4242#")
        #expect(dialing.dials == [DialRequest(number: "+4242")])
    }

    @Test func aPlusAloneIsNoNumber() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.hold(.digit(0))
        dialing.type("#")
        #expect(dialing.dials.isEmpty)
        #expect(dialing.query == "+")
    }

    @Test func poundWithNothingTypedDoesNothing() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("#")
        dialing.press(.dial)
        #expect(dialing.updates.isEmpty)
    }

    @Test func theCallingScreenStaysUntilTheNextKeyWhichThenActs() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.finishDial(.placed, number: "+447700900123")
        dialing.advance(to: dialing.now + ms(60_000))
        #expect(dialing.screen.calling == Self.smith)
        dialing.type("3")
        #expect(dialing.screen.calling == nil)
        #expect(dialing.query == "3")
    }

    @Test func hangUpEndsTheCallAndLeavesTheCallingScreen() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.finishDial(.placed, number: "+447700900123")
        dialing.press(.hangUp)
        #expect(dialing.updates.contains(.hangUp(Self.smith)))
        #expect(dialing.screen == ScreenState(mode: .t9, modeLabel: "T9"))
    }

    @Test func hangUpWhileDiallingAbandonsTheDial() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373376#")
        dialing.press(.hangUp)
        #expect(dialing.updates.contains(.hangUp(Self.smith)))
        #expect(dialing.screen.calling == nil)
    }

    @Test func hangUpWithoutACallClearsTheQuery() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("373")
        dialing.press(.hangUp)
        #expect(dialing.query == "")
    }

    @Test func aNumberMatchDialsTheNumberThatMatched() throws {
        var dialing = try SessionFixtures.dialer()
        dialing.type("121496#")
        #expect(dialing.dials == [DialRequest(name: "Fred Sanders", number: "+44 121 496 0000", contact: 1, uid: "sanders")])
    }
}
