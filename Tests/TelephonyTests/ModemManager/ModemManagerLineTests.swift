// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import InputEvents
import SystemCalls
import Telephony
import TelephonyTestSupport
import Testing

/// The line against a fake ModemManager (python3-dbusmock) on a private dbus-daemon, woken as
/// the dialer's loop wakes it: after a poll of its descriptors, or at its deadline.
@Suite(
    "ModemManager's calls, followed over D-Bus", .enabled(if: FakeModemManager.isInstalled, "needs dbus-daemon and python3-dbusmock"),
    .enabled(if: ModemManagerLine.libraryProblem == nil, "needs libsystemd0"))
struct ModemManagerLineTests {
    /// A line started on a fake ModemManager, and the events it gave so far.
    final class Rig: LineRig {
        let fake: FakeModemManager
        let line: ModemManagerLine
        let loop: LineLoop

        init(running: Bool = true, voice: Bool = true, sim: Bool = true) throws {
            fake = try FakeModemManager(running: running, voice: voice, sim: sim)
            line = ModemManagerLine(bus: .address(fake.address))
            loop = LineLoop(line: line)
            events += line.start(at: Self.now)
        }

        deinit {
            line.stop()
            fake.stop()
        }

        let patience: Int64 = 10

        /// Runs the line until the fake's log of `call` contains `entry`.
        @discardableResult
        func run(call: String, untilLogged entry: String) throws -> Bool {
            try run { try self.fake.callLog(call).split(separator: " ").contains(Substring(entry)) }
        }

        /// Runs the line until it is ready.
        func runUntilReady() { #expect(run { self.line.problem == nil }, "still: \(line.problem ?? "")") }

        var log: String {
            events.compactMap {
                guard case .log(_, let line) = $0 else { return nil }
                return line
            }.joined(separator: "\n")
        }
    }

    /// A call dialled, ringing there, then answered; its object path.
    static func connectedCall(_ rig: Rig) throws -> String {
        rig.runUntilReady()
        rig.events += rig.line.dial("5551234", at: Rig.now)
        #expect(rig.run(untilSaid: .ringing), "\(rig.log)")
        let call = try rig.fake.lastCall()
        #expect(try rig.fake.callLog(call) == "Start")
        try rig.fake.setCallState(call, .active, .accepted)
        #expect(rig.run(untilSaid: .connected))
        return call
    }

    @Test func anOutgoingCallRingsConnectsSendsTonesAndIsHungUpHere() throws {
        let rig = try Rig()
        let call = try Self.connectedCall(rig)
        rig.events += rig.line.sendTones("12#", at: Rig.now)
        #expect(try rig.run(call: call, untilLogged: "SendDtmf:#"))
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run(untilSaid: .ended(.hungUpHere)))
        #expect(try rig.run(call: call, untilLogged: "Deleted"))
        #expect(try rig.fake.callLog(call) == "Start SendDtmf:1 SendDtmf:2 SendDtmf:# Hangup Deleted")
        #expect(rig.callEvents == [.ringing, .connected, .ended(.hungUpHere)])
        #expect(rig.run { rig.line.nextDeadline == nil }, "idle is asleep once DeleteCall is answered")
    }

    /// A dial hung up before `CreateCall` answered: the line is still ending it until the call
    /// ModemManager made is deleted, never started, so a run that stops waits for that.
    @Test func aDialHungUpBeforeCreateCallAnswersIsEndingUntilItsCallIsDeleted() throws {
        let rig = try Rig()
        rig.runUntilReady()
        #expect(!rig.line.isEnding)
        rig.events += rig.line.dial("5551234", at: Rig.now)
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.line.isEnding)
        #expect(rig.run { !rig.line.isEnding }, "\(rig.log)")
        let call = try rig.fake.lastCall()
        #expect(try rig.fake.callLog(call) == "Deleted")
        #expect(rig.callEvents == [.ended(.hungUpHere)])
    }

    @Test func busy() throws {
        let rig = try Rig()
        rig.runUntilReady()
        rig.events += rig.line.dial("5551234", at: Rig.now)
        #expect(rig.run(untilSaid: .ringing))
        let call = try rig.fake.lastCall()
        try rig.fake.setCallState(call, .terminated, .refusedOrBusy)
        #expect(rig.run(untilSaid: .ended(.busy)))
        #expect(try rig.run(call: call, untilLogged: "Deleted"))
        #expect(rig.callEvents == [.ringing, .ended(.busy)])
    }

    @Test func theFarEndHangsUp() throws {
        let rig = try Rig()
        let call = try Self.connectedCall(rig)
        try rig.fake.setCallState(call, .terminated, .terminated)
        #expect(rig.run(untilSaid: .ended(.hungUpThere)))
        #expect(try rig.run(call: call, untilLogged: "Deleted"))
        #expect(rig.callEvents == [.ringing, .connected, .ended(.hungUpThere)])
    }

    @Test func aNetworkErrorFailsTheCall() throws {
        let rig = try Rig()
        rig.runUntilReady()
        rig.events += rig.line.dial("5551234", at: Rig.now)
        #expect(rig.run(untilSaid: .ringing))
        try rig.fake.setCallState(try rig.fake.lastCall(), .terminated, .error)
        #expect(rig.run { rig.callEvents.count == 2 })
        guard case .ended(.failed(let why)) = rig.callEvents.last else {
            Issue.record("not a failure: \(rig.callEvents)")
            return
        }
        #expect(why.contains("network"))
    }

    /// A call ringing here from 5559876, reported; its object path.
    static func ringingCall(_ rig: Rig) throws -> String {
        rig.runUntilReady()
        let call = try rig.fake.addIncomingCall(from: "5559876")
        #expect(rig.run(untilSaid: .incoming(number: "5559876", name: nil)), "\(rig.log)")
        return call
    }

    @Test func anIncomingCallIsReportedWithItsNumberAndAnswered() throws {
        let rig = try Rig()
        let call = try Self.ringingCall(rig)
        rig.events += rig.line.answer(at: Rig.now)
        #expect(rig.run(untilSaid: .connected))
        #expect(try rig.fake.callLog(call) == "Accept")
        try rig.fake.setCallState(call, .terminated, .terminated)
        #expect(rig.run(untilSaid: .ended(.hungUpThere)))
        #expect(rig.callEvents == [.incoming(number: "5559876", name: nil), .connected, .ended(.hungUpThere)])
    }

    @Test func anIncomingCallIsRejected() throws {
        let rig = try Rig()
        let call = try Self.ringingCall(rig)
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run(untilSaid: .ended(.hungUpHere)))
        #expect(try rig.run(call: call, untilLogged: "Deleted"))
        #expect(try rig.fake.callLog(call) == "Hangup Deleted")
        #expect(rig.callEvents == [.incoming(number: "5559876", name: nil), .ended(.hungUpHere)])
    }

    /// A second call during a connected call is reported waiting, and nothing is sent for it
    /// until a key acts on it; once over, it is deleted.
    @Test func aSecondIncomingCallDuringACallIsReportedWaiting() throws {
        let rig = try Rig()
        let first = try Self.connectedCall(rig)
        let second = try rig.fake.addIncomingCall(from: "5550000")
        #expect(rig.run { rig.log.contains("a second call from 5550000 is waiting") }, "\(rig.log)")
        try rig.fake.setCallState(second, .terminated, .terminated)
        #expect(try rig.run(call: second, untilLogged: "Deleted"))
        #expect(try rig.fake.callLog(second) == "Deleted")
        #expect(try rig.fake.callLog(first) == "Start")
        #expect(
            rig.callEvents == [
                .ringing, .connected, .waiting(LineCallID(second), number: "5550000", name: nil), .call(LineCallID(second), .ended(.hungUpThere)),
            ])
    }

    /// One call waiting is followed; the others are left waiting, up to a limit.
    @Test func theCallsLeftWaitingHaveALimit() throws {
        let rig = try Rig()
        _ = try Self.connectedCall(rig)
        for index in 0...(ModemManagerLine.waitingLimit + 1) {
            _ = try rig.fake.addIncomingCall(from: "55500\(index < 10 ? "0" : "")\(index)")
        }
        #expect(rig.run { rig.log.contains("\(ModemManagerLine.waitingLimit) calls wait already") }, "\(rig.log)")
        #expect(rig.log.components(separatedBy: "is waiting; the current call goes on").count - 1 == ModemManagerLine.waitingLimit)
        #expect(rig.callEvents.count == 3, "one call waiting reported: \(rig.callEvents)")
    }

    @Test func modemManagerAbsentThenAppearing() throws {
        let rig = try Rig(running: false)
        #expect(rig.run { rig.line.problem?.contains("ModemManager is not running") == true }, "\(rig.line.problem ?? "")")
        #expect(rig.line.nextDeadline == nil, "waits for NameOwnerChanged, asleep")
        #expect(rig.line.dial("5551234", at: Rig.now) == [.ended(.failed(rig.line.problem ?? ""))])
        try rig.fake.startModemManager()
        rig.runUntilReady()
        #expect(rig.events.contains(.problem(nil)))
        rig.events += rig.line.dial("5551234", at: Rig.now)
        #expect(rig.run(untilSaid: .ringing))
    }

    @Test func modemManagerStoppingEndsTheCall() throws {
        let rig = try Rig()
        _ = try Self.connectedCall(rig)
        rig.fake.stopModemManager()
        #expect(rig.run(untilSaid: .ended(.failed("the modem went away"))))
        #expect(rig.line.problem?.contains("ModemManager is not running") == true)
    }

    /// The modem's signal and network for the status line: read with the modems, followed
    /// through `PropertiesChanged`, said once each time they change, and nothing once
    /// ModemManager is gone. The line asks for nothing, and idle it has no deadline.
    @Test func theSignalAndNetworkAreReadThenFollowed() throws {
        let rig = try Rig()
        rig.runUntilReady()
        let states = { rig.events.compactMap { if case .lineState(let state) = $0 { state } else { nil } } }
        #expect(states() == [LineState(signalBars: 4, operatorName: "t9dial net")])
        #expect(rig.line.askLineState(at: Rig.now).isEmpty)
        #expect(rig.line.nextDeadline == nil)
        try rig.fake.setSignal(10, operatorName: "Other net")
        #expect(rig.run { states().last == LineState(signalBars: 1, operatorName: "Other net") }, "\(states())")
        rig.fake.stopModemManager()
        #expect(rig.run { states().last == LineState() }, "\(states())")
        #expect(Set(states()).count == states().count, "each said once: \(states())")
    }

    /// A modem without a SIM, failed as ModemManager 1.20 leaves it: the problem says only
    /// emergency numbers go, yet the line dials; ModemManager's refusal of another number
    /// says why, and an emergency number goes out.
    @Test func aModemWithoutASIMDialsOnlyEmergencyNumbers() throws {
        let rig = try Rig(sim: false)
        #expect(rig.run { rig.line.problem == ModemManagerLine.noSIMProblem }, "\(rig.line.problem ?? "")")
        rig.events += rig.line.dial("5551234", at: Rig.now)
        #expect(rig.run { rig.callEvents.count == 1 }, "\(rig.log)")
        let refused = "no SIM: only emergency numbers can be dialled (ModemManager: only emergency calls allowed)"
        #expect(rig.callEvents == [.ended(.failed(refused))])
        rig.events += rig.line.dial("112", at: Rig.now)
        #expect(rig.run(untilSaid: .ringing), "\(rig.log)")
        #expect(try rig.fake.callLog(try rig.fake.lastCall()) == "Start")
        #expect(!rig.events.contains { if case .lineState(let state) = $0 { state != LineState() } else { false } }, "no signal, no network")
    }

    @Test func aModemWithoutVoiceIsAProblem() throws {
        let rig = try Rig(voice: false)
        #expect(rig.run { rig.line.problem?.contains("no voice calls") == true }, "\(rig.line.problem ?? "")")
    }

    @Test func theBusGoingAwayEndsTheCallAndIsRetried() throws {
        let rig = try Rig()
        _ = try Self.connectedCall(rig)
        rig.fake.stopBus()
        #expect(rig.run(untilSaid: .ended(.failed("lost the connection to ModemManager"))), "\(rig.log)")
        #expect(rig.line.descriptors.isEmpty)
        #expect(rig.line.problem?.contains("cannot reach ModemManager") == true)
        let deadline = try #require(rig.line.nextDeadline)
        #expect(deadline > Rig.now, "connected again later, not at once")
    }

    @Test func aBusThatCannotBeReachedIsAProblemRetriedWithBackoff() {
        let line = ModemManagerLine(bus: .address("unix:path=/nonexistent/t9dial-bus"), backoff: .init(first: 5_000_000, longest: 12_000_000))
        let events = line.start(at: 1_000_000)
        let problem = line.problem ?? ""
        #expect(problem.contains("cannot reach ModemManager") && problem.contains("ENOENT"), "\(problem)")
        #expect(events.contains(.problem(problem)))
        #expect(line.descriptors.isEmpty)
        #expect(line.nextDeadline == 6_000_000)
        #expect(line.wake(readable: [], at: 5_999_999).isEmpty)
        #expect(!line.wake(readable: [], at: 6_000_000).contains(.problem(problem)), "the same problem is not said again")
        #expect(line.nextDeadline == 16_000_000)
        _ = line.wake(readable: [], at: 16_000_000)
        #expect(line.nextDeadline == 28_000_000, "doubling, up to the longest wait")
        #expect(line.dial("5551234", at: 16_000_001) == [.ended(.failed(problem))])
    }
}

@Suite("How ModemManager's call ends read")
struct ModemManagerCallEndTests {
    @Test(arguments: [
        (ModemManagerCallStateReason.refusedOrBusy, CallDirection.outgoing, false, false, CallEnd.busy),
        (.terminated, .outgoing, true, false, .hungUpThere),
        (.terminated, .outgoing, false, false, .noAnswer),
        (.terminated, .incoming, false, false, .hungUpThere),
        (.terminated, .outgoing, true, true, .hungUpHere),
        (.refusedOrBusy, .outgoing, false, true, .hungUpHere),
        (.unknown, .incoming, true, false, .hungUpThere),
        (.audioSetupFailed, .outgoing, true, false, .failed("the modem could not set up the call's audio")),
    ])
    func reasons(reason: ModemManagerCallStateReason, direction: CallDirection, connected: Bool, here: Bool, end: CallEnd) {
        #expect(CallEnd(modemManagerReason: reason, direction: direction, wasConnected: connected, hungUpHere: here) == end)
    }
}
