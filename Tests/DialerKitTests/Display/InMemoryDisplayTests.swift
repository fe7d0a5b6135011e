// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import DialerKit
import Testing
import InputEvents

@Suite("In-memory display")
struct InMemoryDisplayTests {
    @Test func recordsEveryScreenAndDialInOrder() throws {
        let session = try DialerSession(index: DisplayFixtures.index)
        var display = InMemoryDisplay()
        var time: Microseconds = 0
        for gesture in [KeyGesture.pressed(.digit(3)), .pressed(.digit(7)), .pressed(.dial)] {
            display.apply(session.handle(TimedGesture(time: time, gesture: gesture)))
            time += 100_000
        }
        let sanders = DialRequest(name: "Fred Sanders", number: "+44 121 496 0000", contact: 1, uid: "sanders")
        // The query stays behind the calling screen until the call is placed.
        #expect(display.screens.map(\.query.text) == ["3", "37", "37"])
        #expect(display.dials == [sanders])
        guard case .dial = display.updates[2], case .screen(let calling) = display.updates[3] else {
            Issue.record("expected the dial, then the calling screen: \(display.updates)")
            return
        }
        #expect(calling.calling == sanders)
        display.apply(session.dialFinished(sanders, DialOutcome(.busy, via: "/dev/ttyUSB2", number: "+15550100")))
        #expect(display.outcomes == [DialOutcome(.busy, via: "/dev/ttyUSB2", number: "+15550100")])
        #expect(display.screens.last?.callHeadline == "Busy")
    }
}
