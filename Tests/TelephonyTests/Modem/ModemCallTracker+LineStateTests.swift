// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing

@testable import Telephony

/// The modem's signal and network for the status line: `AT+CSQ` and `AT+COPS?`, at most once
/// a minute, never during a call; the state said once when it changes.
@Suite("Modem call tracker: the line's state")
struct ModemCallTrackerLineStateTests {
    static func states(_ events: [LineEvent]) -> [LineState] {
        events.compactMap { if case .lineState(let state) = $0 { state } else { nil } }
    }

    @Test func signalAndOperatorAreAskedAndSaid() {
        var tracker = ModemCallTracker(timing: .init())
        var step = tracker.askLineState(at: 0)
        #expect(step.commands == ["AT+CSQ"])
        var events = tracker.receive("+CSQ: 17,99", at: 10).events
        step = tracker.receive("OK", at: 20)
        #expect(step.commands == ["AT+COPS?"])
        events += tracker.receive(#"+COPS: 0,0,"Vodafone UK",7"#, at: 30).events
        events += tracker.receive("OK", at: 40).events
        #expect(Self.states(events) == [LineState(signalBars: 3), LineState(signalBars: 3, operatorName: "Vodafone UK")])
        #expect(LineState(signalBars: 3, operatorName: "Vodafone UK").text == "Vodafone UK 3/4")

        // Within the minute nothing is asked; after it, the same answers say nothing new.
        #expect(tracker.askLineState(at: 30_000_000).commands.isEmpty)
        #expect(tracker.askLineState(at: 60_000_000).commands == ["AT+CSQ"])
        var again = tracker.receive("+CSQ: 17,99", at: 60_000_010).events
        _ = tracker.receive("OK", at: 60_000_020)
        again += tracker.receive(#"+COPS: 0,0,"Vodafone UK",7"#, at: 60_000_030).events
        #expect(Self.states(again).isEmpty)
    }

    @Test(arguments: [(0, 0), (1, 0), (2, 1), (9, 1), (10, 2), (14, 2), (15, 3), (19, 3), (20, 4), (31, 4)])
    func rssiAsBars(rssi: Int, bars: Int) {
        #expect(ModemCallTracker.bars(rssi: rssi) == bars)
    }

    @Test func anUnknownSignalAndNoNetworkAreNil() {
        var tracker = ModemCallTracker(timing: .init())
        _ = tracker.askLineState(at: 0)
        var events = tracker.receive("+CSQ: 99,99", at: 10).events
        _ = tracker.receive("OK", at: 20)
        events += tracker.receive("+COPS: 0", at: 30).events
        #expect(Self.states(events) == [LineState()])
        #expect(ModemCallTracker.bars(rssi: 99) == nil)
    }

    @Test func nothingIsAskedDuringACall() {
        var tracker = ModemCallTracker(timing: .init())
        _ = tracker.receive("RING", at: 0)
        #expect(tracker.askLineState(at: 10).commands.isEmpty)
    }
}
