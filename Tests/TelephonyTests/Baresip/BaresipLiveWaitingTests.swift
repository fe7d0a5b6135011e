// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import InputEvents
import SystemCalls
import Telephony
import TelephonyTestSupport
import Testing

/// Call waiting, hold and mute through the real baresip (the shipped config, `call_max_calls
/// 2`) with two SIPp callers: what baresip does to each call is seen at its far end as the
/// re-INVITEs SIPp gets.
@Suite(
    "BaresipLine: call waiting against a real baresip and SIPp",
    .enabled(if: LiveBaresip.isInstalled && LiveSIPp.isInstalled, "needs baresip-core and sip-tester"))
struct BaresipLiveWaitingTests {
    typealias Live = BaresipLiveTests

    /// The SDP directions of the re-INVITEs `sipp` got, in order: "sendonly", "sendrecv".
    static func reinviteDirections(_ sipp: LiveSIPp) -> [String] {
        let messages = sipp.messages.components(separatedBy: "INVITE sip:").dropFirst(2)
        return messages.compactMap { message in
            ["sendonly", "inactive", "sendrecv", "recvonly"].first { message.contains("a=" + $0) }
        }
    }

    static func now() -> Microseconds { SystemCall.monotonicMicroseconds() }

    @Test("a second call during one waits, is answered (the first held), swapped, and the first comes back when it ends")
    func waitingAnsweredSwappedAndBack() throws {
        let baresip = try LiveBaresip()
        let driven = try Live.Driven(control: baresip.control)
        #expect(driven.waitReady(), Live.context(baresip, nil, driven))
        // Ann's far end listens to the sound baresip sends her.
        let annHears = try RTPEventListener()
        let ann = try LiveSIPp(
            scenario: "uac-held.xml", remote: baresip.sipAddress, service: "t9dial",
            keys: ["callername": "Ann", "callernumber": "+4411", "rtpport": String(annHears.port)])
        #expect(driven.wait(for: .incoming(number: "+4411", name: "Ann")), Live.context(baresip, ann, driven))
        driven.record(driven.line.answer(at: Self.now()))
        #expect(driven.wait(for: .connected), Live.context(baresip, ann, driven))

        // Bob calls during it: waiting, with his own id.
        let bob = try Live.caller("uac-held.xml", to: baresip, name: "Bob", number: "+4422")
        var bobID: LineCallID?
        driven.run(for: 10) { driven in
            bobID = driven.calls.lazy.compactMap { if case .waiting(let id, "+4422", "Bob") = $0 { id } else { nil } }.first
            return bobID != nil
        }
        let second = try #require(bobID, Live.context(baresip, bob, driven))

        // Answered: Ann is held (her far end gets a=sendonly), Bob connected.
        driven.record(driven.line.control(.answerWaiting, at: Self.now()))
        #expect(driven.wait(for: .call(second, .connected)), Live.context(baresip, bob, driven))
        let annID = try #require(
            driven.calls.lazy.compactMap { if case .call(let id, .held) = $0 { id } else { nil } }.first, Live.context(baresip, ann, driven))
        #expect(annID != second)
        #expect(Self.reinviteDirections(ann) == ["sendonly"], Live.context(baresip, ann, driven))

        // Swapped: Bob held, Ann back.
        driven.record(driven.line.control(.swap, at: Self.now()))
        #expect(driven.wait(for: .call(annID, .resumed)), Live.context(baresip, ann, driven))
        #expect(driven.wait(for: .call(second, .held)), Live.context(baresip, bob, driven))
        #expect(Self.reinviteDirections(ann) == ["sendonly", "sendrecv"], Live.context(baresip, ann, driven))
        #expect(Self.reinviteDirections(bob) == ["sendonly"], Live.context(baresip, bob, driven))

        // Mute and unmute Ann's call: baresip confirms each, and Ann hears silence, then the
        // sound again (the source is a tone).
        _ = annHears.receive(for: 0.3)
        #expect(annHears.receive(for: 0.5).soundingPCMU > 0, Live.context(baresip, ann, driven))
        driven.record(driven.line.control(.mute, at: Self.now()))
        #expect(driven.wait(for: .call(annID, .muted(true))), Live.context(baresip, ann, driven))
        _ = annHears.receive(for: 0.3)
        let muted = annHears.receive(for: 0.5)
        #expect(muted.soundingPCMU == 0 && muted.silentPCMU > 0, "\(muted)\n\(Live.context(baresip, ann, driven))")
        driven.record(driven.line.control(.unmute, at: Self.now()))
        #expect(driven.wait(for: .call(annID, .muted(false))), Live.context(baresip, ann, driven))
        _ = annHears.receive(for: 0.3)
        #expect(annHears.receive(for: 0.5).soundingPCMU > 0, Live.context(baresip, ann, driven))

        // Ann hung up here: Bob comes back, resumed (his far end gets a=sendrecv).
        driven.record(driven.line.hangUp(at: Self.now()))
        #expect(driven.wait(for: .call(annID, .ended(.hungUpHere))), Live.context(baresip, ann, driven))
        #expect(driven.wait(for: .call(second, .resumed)), Live.context(baresip, bob, driven))
        #expect(ann.wait(upTo: 10) == 0, Live.context(baresip, ann, driven))
        driven.run(for: 10) { _ in Self.reinviteDirections(bob).count == 2 }
        #expect(Self.reinviteDirections(bob) == ["sendonly", "sendrecv"], Live.context(baresip, bob, driven))

        // Bob, the only call now, hung up here.
        driven.record(driven.line.hangUp(at: Self.now()))
        #expect(driven.wait(for: .ended(.hungUpHere)), Live.context(baresip, bob, driven))
        #expect(bob.wait(upTo: 10) == 0, Live.context(baresip, bob, driven))
    }

    @Test("a call waiting rejected here gets 486 or 603 and the first call goes on; hold and resume of one call reach its far end")
    func waitingRejectedAndOneCallHeld() throws {
        let baresip = try LiveBaresip()
        let driven = try Live.Driven(control: baresip.control)
        #expect(driven.waitReady(), Live.context(baresip, nil, driven))
        let ann = try Live.caller("uac-held.xml", to: baresip, name: "Ann", number: "+4411")
        #expect(driven.wait(for: .incoming(number: "+4411", name: "Ann")), Live.context(baresip, ann, driven))
        driven.record(driven.line.answer(at: Self.now()))
        #expect(driven.wait(for: .connected), Live.context(baresip, ann, driven))

        let bob = try Live.caller("uac-rejected.xml", to: baresip, name: "Bob", number: "+4422")
        var bobID: LineCallID?
        driven.run(for: 10) { driven in
            bobID = driven.calls.lazy.compactMap { if case .waiting(let id, _, _) = $0 { id } else { nil } }.first
            return bobID != nil
        }
        let second = try #require(bobID, Live.context(baresip, bob, driven))
        driven.record(driven.line.control(.rejectWaiting, at: Self.now()))
        #expect(driven.wait(for: .call(second, .ended(.hungUpHere))), Live.context(baresip, bob, driven))
        #expect(bob.wait(upTo: 10) == 0, Live.context(baresip, bob, driven))

        // Ann's call goes on: held and resumed, as her far end sees.
        driven.record(driven.line.control(.hold, at: Self.now()))
        driven.run(for: 10) { $0.calls.contains { if case .call(_, .held) = $0 { true } else { false } } }
        driven.record(driven.line.control(.resume, at: Self.now()))
        driven.run(for: 10) { $0.calls.contains { if case .call(_, .resumed) = $0 { true } else { false } } }
        driven.run(for: 10) { _ in Self.reinviteDirections(ann).count == 2 }
        #expect(Self.reinviteDirections(ann) == ["sendonly", "sendrecv"], Live.context(baresip, ann, driven))
        driven.record(driven.line.hangUp(at: Self.now()))
        #expect(driven.wait(for: .ended(.hungUpHere)), Live.context(baresip, ann, driven))
        #expect(ann.wait(upTo: 10) == 0, Live.context(baresip, ann, driven))
    }
}
