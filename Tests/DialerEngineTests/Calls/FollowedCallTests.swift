// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import InputEvents
import Testing

@Suite("A followed call, on a manual clock")
struct FollowedCallTests {
    static let fred = DialRequest(name: "Fred Smith", number: "+44 7700 900123", contact: 0, uid: "smith")
    static let second: Microseconds = 1_000_000

    @Test func anOutgoingCallRingsConnectsAndEndsWithItsTime() {
        var call = FollowedCall(dialling: Self.fred, at: 10 * Self.second)
        #expect(call.progress(at: 10 * Self.second).headline == "Calling")
        #expect(call.nextTick(after: 10 * Self.second) == nil)
        let changed239 = call.apply(.ringing, at: 11 * Self.second)
        #expect(changed239)
        #expect(call.progress(at: 12 * Self.second).headline == "Ringing")
        let changed848 = call.apply(.connected, at: 15 * Self.second)
        #expect(changed848)
        #expect(call.progress(at: 15 * Self.second).headline == "Connected 0:00")
        #expect(call.progress(at: 57 * Self.second + 999_999).headline == "Connected 0:42")
        // The clock ticks on each whole second after the answer.
        #expect(call.nextTick(after: 15 * Self.second) == 16 * Self.second)
        #expect(call.nextTick(after: 16 * Self.second + 5) == 17 * Self.second)
        let changed340 = call.apply(.ended(.hungUpThere), at: 82 * Self.second + 400_000)
        #expect(changed340)
        #expect(call.progress(at: 100 * Self.second).headline == "Call ended 1:07")
        #expect(call.nextTick(after: 90 * Self.second) == nil)
        #expect(call.outcome == .answered)
        #expect(call.record?.connectedTime == 67 * Self.second + 400_000)
        #expect(call.record?.direction == .outgoing)
    }

    @Test func changesThatMakeNoSenseWhereTheCallIsAreDropped() {
        var call = FollowedCall(dialling: Self.fred, at: 0)
        call.apply(.connected, at: Self.second)
        let changed904 = call.apply(.ringing, at: 2 * Self.second)
        #expect(!changed904)
        let changed86 = call.apply(.connected, at: 3 * Self.second)
        #expect(!changed86)
        #expect(call.connectedAt == Self.second)
        call.apply(.ended(.hungUpHere), at: 4 * Self.second)
        let changed380 = call.apply(.ended(.busy), at: 5 * Self.second)
        #expect(!changed380)
        let changed164 = call.apply(.connected, at: 5 * Self.second)
        #expect(!changed164)
        #expect(call.phase == .ended(.hungUpHere))
    }

    /// (direction, the end, rang first?, connected first?) → the screen's first line and the
    /// history's outcome.
    static let ends: [(CallDirection, CallEnd, Bool, Bool, String, CallOutcome)] = [
        (.outgoing, .busy, false, false, "Busy", .busy),
        (.outgoing, .noAnswer, true, false, "No answer", .noAnswer),
        (.outgoing, .noAnswer, false, false, "No answer", .noAnswer),
        (.outgoing, .rejected, true, false, "Rejected", .rejected),
        // Hung up here before the far end rang: cancelled (Android's "Cancelled"), not unanswered.
        (.outgoing, .hungUpHere, false, false, "Call ended", .cancelled),
        (.outgoing, .hungUpHere, true, false, "Call ended", .noAnswer),
        (.outgoing, .hungUpThere, false, false, "No answer", .noAnswer),
        (.outgoing, .hungUpThere, true, false, "No answer", .noAnswer),
        (.outgoing, .failed("baresip went away\nmore"), false, false, "Failed: baresip went away", .failed),
        (.outgoing, .hungUpHere, false, true, "Call ended 0:05", .answered),
        (.outgoing, .hungUpHere, true, true, "Call ended 0:05", .answered),
        (.outgoing, .failed("lost"), true, true, "Call ended 0:05", .answered),
        (.incoming, .hungUpThere, false, false, "Missed call", .missed),
        (.incoming, .noAnswer, false, false, "Missed call", .missed),
        (.incoming, .hungUpHere, false, false, "Rejected", .rejected),
        (.incoming, .hungUpThere, false, true, "Call ended 0:05", .answered),
    ]

    @Test(arguments: 0..<ends.count) func everyEndHasItsLineAndOutcome(row: Int) {
        let (direction, end, rang, connected, headline, outcome) = Self.ends[row]
        var call =
            direction == .outgoing
            ? FollowedCall(dialling: Self.fred, at: 0) : FollowedCall(incoming: Self.fred, networkName: "Fred", at: 0)
        if rang { call.apply(.ringing, at: Self.second / 2) }
        if connected { call.apply(.connected, at: Self.second) }
        call.apply(.ended(end), at: 6 * Self.second)
        #expect(call.progress(at: 9 * Self.second).headline == headline)
        #expect(call.outcome == outcome)
        #expect(call.record?.outcome == outcome)
        #expect(call.record?.connectedTime == (connected ? 5 * Self.second : nil))
    }

    @Test func anIncomingCallSaysSoAndKeepsTheNetworksName() {
        var call = FollowedCall(incoming: Self.fred, networkName: "Fred at work", at: 0)
        #expect(call.progress(at: 0).headline == "Incoming call")
        let changed708 = call.apply(.ringing, at: Self.second)
        #expect(!changed708)
        call.apply(.ended(.hungUpThere), at: 2 * Self.second)
        #expect(call.record?.networkName == "Fred at work")
        #expect(call.record?.direction == .incoming)
    }

    @Test(arguments: [(0, "0:00"), (59, "0:59"), (60, "1:00"), (67, "1:07"), (3599, "59:59"), (3723, "1:02:03"), (-5, "0:00")])
    func callTimesReadAsPhonesShowThem(seconds: Int, shown: String) {
        #expect(CallProgress.clock(seconds) == shown)
    }
}
