// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import Testing

@Suite("Dialer session: the status line")
struct DialerSessionStatusTests {
    @Test func theStatusLineCarriesTheMissedCallsNotSeen() throws {
        var dialing = try SessionFixtures.dialer()
        #expect(dialing.screen.status == nil)
        let battery = StatusLine.Battery(percent: 40, charging: false)
        let shown = dialing.session.setStatus(StatusLine(clock: "14:02", battery: battery))
        #expect(shown == [.screen(dialing.screen)])
        dialing.session.unseenMissedCalls = 2
        _ = dialing.session.setStatus(StatusLine(clock: "14:03", battery: battery))
        #expect(dialing.screen.status == StatusLine(clock: "14:03", missedCalls: 2, battery: battery))
        #expect(dialing.screen.status?.leading == "14:03 2 missed")
        #expect(dialing.screen.status?.trailing == "40%")
        #expect(dialing.screen.isIdle)
        dialing.type("3")
        #expect(!dialing.screen.isIdle)
        // The first key that acts marks the missed calls seen.
        #expect(dialing.screen.status?.missedCalls == 0)
    }

    /// What the line says of itself stays on the status line as the clock changes.
    @Test func theLinesStateIsOnTheStatusLine() throws {
        let dialing = try SessionFixtures.dialer()
        // Without a status line (a replay) the line's state shows nowhere.
        _ = dialing.session.setLineState(LineState(registered: true))
        #expect(dialing.screen.status == nil)
        _ = dialing.session.setStatus(StatusLine(clock: "14:02", battery: StatusLine.Battery(percent: 5, charging: false)))
        #expect(dialing.screen.status?.trailing == "SIP 5%")
        _ = dialing.session.setLineState(LineState(registered: false))
        _ = dialing.session.setStatus(StatusLine(clock: "14:03"))
        #expect(dialing.screen.status?.line == LineState(registered: false))
        #expect(dialing.screen.status?.trailing == "no SIP")
    }

    @Test func theSameStatusIsNoNewScreen() throws {
        let dialing = try SessionFixtures.dialer()
        _ = dialing.session.setStatus(StatusLine(clock: "14:02"))
        #expect(dialing.session.setStatus(StatusLine(clock: "14:02")).isEmpty)
    }
}
