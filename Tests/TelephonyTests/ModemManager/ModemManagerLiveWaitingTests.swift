// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Foundation
import InputEvents
import Telephony
import TelephonyTestSupport
import Testing

/// Call waiting through Debian's real ModemManager 1.20 and the rig's simulated modem (`+CCWA`,
/// `+CLCC` with two calls, `AT+CHLD`): what ModemManager sends the modem, and what the line
/// says of each call. In the suite of ModemManagerLiveTests, whose one rig its tests take in
/// turn.
extension ModemManagerLiveTests {
    /// A call dialled and connected, and 5550002 waiting: the waiting call's id.
    static func waitingCall(_ rig: Rig) throws -> LineCallID {
        try rig.connectedCall()
        try rig.modemManager.command("waiting", "5550002")
        var id: LineCallID?
        rig.run {
            id = rig.callEvents.lazy.compactMap { if case .waiting(let id, "5550002", nil) = $0 { id } else { nil } }.first
            return id != nil
        }
        return try #require(id, "\(rig.log)\n\(rig.modemManager.logs)")
    }

    @Test func theCallWaitingIsAnsweredWithHoldAndAcceptSwappedAndTheFirstComesBack() throws {
        let rig = try Rig()
        let second = try Self.waitingCall(rig)
        rig.events += rig.line.control(.answerWaiting, at: Rig.now)
        #expect(rig.run(untilSaid: .call(second, .connected)), "\(rig.log)\n\(rig.modemManager.logs)")
        #expect(rig.run { rig.callEvents.contains { if case .call(let id, .held) = $0 { id != second } else { false } } }, "\(rig.callEvents)")
        let first = try #require(rig.callEvents.lazy.compactMap { if case .call(let id, .held) = $0 { id } else { nil } }.first)
        #expect(try rig.modemManager.sentCommands().contains("AT+CHLD=2"))
        #expect(try rig.modemManager.calls() == ["+CLCC: 1,0,1,0,0,\"5551234\",129", "+CLCC: 2,1,0,0,0,\"5550002\",129"])

        // Swapped: the first back, the second held.
        rig.events += rig.line.control(.swap, at: Rig.now)
        #expect(rig.run(untilSaid: .call(first, .resumed)), "\(rig.log)\n\(rig.modemManager.logs)")
        #expect(rig.run(untilSaid: .call(second, .held)), "\(rig.callEvents)")

        // No mute through ModemManager.
        #expect(rig.line.control(.mute, at: Rig.now).contains(.notOnThisLine(.mute)))

        // The first hung up: HangupAndAccept (AT+CHLD=1) brings the second back at once.
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run(untilSaid: .ended(.hungUpHere)), "\(rig.log)\n\(rig.modemManager.logs)")
        #expect(rig.run(untilSaid: .call(second, .resumed)), "\(rig.callEvents)\n\(rig.log)")
        #expect(try rig.modemManager.sentCommands().contains("AT+CHLD=1"))
        #expect(try rig.modemManager.calls() == ["+CLCC: 2,1,0,0,0,\"5550002\",129"])
        // The dialer's resume after the first ended is that one: nothing more is sent.
        _ = rig.line.control(.resume, at: Rig.now)
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run { rig.callEvents.filter { if case .ended = $0 { true } else { false } }.count == 2 }, "\(rig.callEvents)")
        #expect(try rig.modemManager.calls() == [])
    }

    @Test func theCallWaitingIsRejectedAloneAndTheFirstGoesOn() throws {
        let rig = try Rig()
        let second = try Self.waitingCall(rig)
        rig.events += rig.line.control(.rejectWaiting, at: Rig.now)
        // Hung up here before it was answered: the history calls it rejected.
        #expect(rig.run(untilSaid: .call(second, .ended(.hungUpHere))), "\(rig.callEvents)\n\(rig.log)")
        let sent = try rig.modemManager.sentCommands()
        #expect(sent.contains("AT+CHLD=12"), "the waiting call released alone: \(sent)")
        #expect(!sent.contains("AT+CHUP"), "\(sent)")
        #expect(try rig.modemManager.calls() == ["+CLCC: 1,0,0,0,0,\"5551234\",129"])
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.end() == .hungUpHere)
    }
}
