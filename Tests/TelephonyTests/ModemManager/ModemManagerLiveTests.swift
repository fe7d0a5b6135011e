// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Foundation
import InputEvents
import Telephony
import TelephonyTestSupport
import Testing

/// The line against Debian's real ModemManager 1.20, whose generic plugin drives a simulated AT
/// modem (`RealModemManager`, one rig for the suite): what ModemManager sends the modem is
/// checked as well as what the line reports.
@Suite(
    "ModemManager for real, driving a simulated modem", .serialized,
    .enabled(if: RealModemManager.unavailable == nil, "needs root and Debian's modemmanager, polkitd and dbus (make deps)"),
    .enabled(if: ModemManagerLine.libraryProblem == nil, "needs libsystemd0"))
struct ModemManagerLiveTests {
    static let nobody = 65534

    final class Rig: LineRig {
        let modemManager: RealModemManager
        /// The rig, held until the test ends.
        let turn: RealModemManager.Turn
        let line: ModemManagerLine
        let loop: LineLoop
        /// ModemManager polls the modem's calls every 2 s while one is being set up.
        let patience: Int64 = 30

        /// A line on the rig's modem, reset to an enabled modem with no call (disabled when
        /// `enabled` is false), as root or as the user `uid`, with the polkit rule at `rule`
        /// given to nobody.
        init(enabled: Bool = true, asUser uid: Int? = nil, rule: String? = nil, deadlines: ModemManagerLine.Deadlines = .init()) throws {
            modemManager = try RealModemManager.shared.get()
            turn = try modemManager.take()
            if !enabled { try modemManager.command("enable", "no") }
            if let rule { try modemManager.command("rule", rule, "nobody") }
            line = ModemManagerLine(bus: .address(uid.map(modemManager.address(asUser:)) ?? modemManager.address), deadlines: deadlines)
            loop = LineLoop(line: line)
            events += line.start(at: Self.now)
        }

        deinit { line.stop() }

        /// Runs the line until it is ready.
        func runUntilReady() {
            #expect(run { self.line.problem == nil }, "still: \(line.problem ?? "")\n\(log)\n\(modemManager.logs)")
        }

        /// Runs the line until the modem was sent `command`.
        @discardableResult
        func run(untilSent command: String) -> Bool {
            run { (try? self.modemManager.sentCommands().contains(command)) == true }
        }

        var log: String {
            events.compactMap {
                guard case .log(_, let line) = $0 else { return nil }
                return line
            }.joined(separator: "\n")
        }

        /// Dials 5551234 and runs until it rings there.
        func dialUntilRinging() {
            runUntilReady()
            events += line.dial("5551234", at: Self.now)
            #expect(run(untilSaid: .ringing), "\(log)\n\(modemManager.logs)")
        }

        /// Dials, and the far end answers.
        func connectedCall() throws {
            dialUntilRinging()
            try modemManager.command("answer")
            #expect(run(untilSaid: .connected), "\(log)\n\(modemManager.logs)")
        }

        /// The call the line said ended, once it said so.
        func end() -> CallEnd? {
            _ = run { self.callEvents.contains { if case .ended = $0 { true } else { false } } }
            return callEvents.lazy.compactMap { if case .ended(let end) = $0 { end } else { nil } }.first
        }
    }

    @Test func anOutgoingCallIsAnsweredTakesTonesAndIsHungUpHere() throws {
        let rig = try Rig()
        try rig.connectedCall()
        rig.events += rig.line.sendTones("1#", at: Rig.now)
        #expect(rig.run(untilSent: "AT+VTS=#"), "\(rig.modemManager.logs)")
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.end() == .hungUpHere)
        let sent = try rig.modemManager.sentCommands()
        #expect(sent.contains("ATD5551234;"))
        #expect(sent.filter { $0.hasPrefix("AT+VTS") } == ["AT+VTS=1", "AT+VTS=#"])
        #expect(sent.contains { $0 == "AT+CHLD=11" || $0 == "AT+CHUP" }, "\(sent)")
        #expect(try rig.modemManager.calls().isEmpty)
        #expect(rig.callEvents == [.ringing, .connected, .ended(.hungUpHere)])
    }

    @Test func theFarEndHangsUp() throws {
        let rig = try Rig()
        try rig.connectedCall()
        try rig.modemManager.command("hangup")
        #expect(rig.end() == .hungUpThere)
        #expect(rig.callEvents == [.ringing, .connected, .ended(.hungUpThere)])
    }

    @Test func hangingUpWhileItRingsThere() throws {
        let rig = try Rig()
        rig.dialUntilRinging()
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.end() == .hungUpHere)
        #expect(try rig.modemManager.calls().isEmpty)
    }

    /// What ATD answers, and how the call ends: the reason from `Start`'s reply wins over the
    /// state signal's "terminated, reason unknown", which ModemManager sends first. ModemManager
    /// takes a BUSY or NO CARRIER answered to ATD as the call's end, then fails Start with "No
    /// dialtone": it does not say which it was.
    @Test(arguments: [
        ("busy", CallEnd.failed("busy, or no service")), ("no-carrier", .failed("busy, or no service")), ("cme:30", .failed("No network service")),
    ])
    func aDialThatFails(answer: String, end: CallEnd) throws {
        let rig = try Rig()
        rig.runUntilReady()
        try rig.modemManager.command("dial", answer)
        rig.events += rig.line.dial("5551234", at: Rig.now)
        let ended = rig.end()
        guard case .failed(let expected) = end, case .failed(let why)? = ended else {
            #expect(ended == end, "\(rig.log)")
            return
        }
        #expect(why.contains(expected), "\(rig.log)")
    }

    /// A modem that never answers ATD keeps ModemManager's Start waiting (90 s): the line gives
    /// up at its deadline, says why, frees the keypad and leaves no call in ModemManager.
    @Test func aStartNeverAnsweredEndsAtTheDeadline() throws {
        let rig = try Rig(deadlines: .init(callSetup: 1_000_000, request: 1_000_000))
        rig.runUntilReady()
        try rig.modemManager.command("dial", "silent")
        rig.events += rig.line.dial("5551234", at: Rig.now)
        guard case .failed(let why)? = rig.end() else {
            Issue.record("\(rig.callEvents)\n\(rig.log)")
            return
        }
        #expect(why.contains("ModemManager did not answer Start"), "\(why)")
        // The keypad is free: a new dial is taken. It is hung up at once, before its CreateCall
        // is answered, so the call it makes is deleted, never started.
        let again = rig.line.dial("5551234", at: Rig.now)
        #expect(!again.contains { if case .ended = $0 { true } else { false } }, "\(again)")
        rig.events += again + rig.line.hangUp(at: Rig.now)
        #expect(rig.run { rig.callEvents.filter { if case .ended = $0 { true } else { false } }.count == 2 }, "\(rig.log)")
        #expect(rig.callEvents.last == .ended(.hungUpHere))
        // Both calls are gone from ModemManager (a call left there, created and never started,
        // would wait forever), and the first one's ATD reached the modem, for the next reset.
        #expect(rig.run { (try? rig.modemManager.modemManagerCalls().isEmpty) == true }, "\((try? rig.modemManager.modemManagerCalls()) ?? [])")
        #expect(rig.run(untilSent: "ATD5551234;"), "\(rig.modemManager.logs)")
    }

    /// ModemManager queues the Hangup behind an ATD the modem does not answer: the hang-up
    /// key does not wait for it. The call is over here `hangUpWait` after it, and the Hangup
    /// goes on.
    @Test func hangingUpADialTheModemDoesNotAnswer() throws {
        let rig = try Rig()
        rig.runUntilReady()
        try rig.modemManager.command("dial", "silent")
        rig.events += rig.line.dial("5551234", at: Rig.now)
        #expect(rig.run { (try? rig.modemManager.sentCommands().contains("ATD5551234;")) == true })
        let hungUp = Rig.now
        rig.events += rig.line.hangUp(at: hungUp)
        #expect(rig.line.nextDeadline.map { $0 <= hungUp + ModemManagerLine.hangUpWait } == true, "woken in time")
        #expect(rig.end() == .hungUpHere, "\(rig.log)")
        #expect(rig.log.contains("the call is over here, and its Hangup goes on"), "\(rig.log)")
    }

    /// A call from +15550001 ringing here, reported.
    static func ringing(_ rig: Rig) throws {
        rig.runUntilReady()
        try rig.modemManager.command("ring", "+15550001")
        #expect(rig.run(untilSaid: .incoming(number: "+15550001", name: nil)), "\(rig.log)\n\(rig.modemManager.logs)")
    }

    @Test func anIncomingCallIsReportedWithItsNumberAndAnswered() throws {
        let rig = try Rig()
        try Self.ringing(rig)
        rig.events += rig.line.answer(at: Rig.now)
        #expect(rig.run(untilSaid: .connected))
        #expect(try rig.modemManager.sentCommands().contains("ATA"))
        try rig.modemManager.command("hangup")
        #expect(rig.end() == .hungUpThere)
        #expect(rig.callEvents == [.incoming(number: "+15550001", name: nil), .connected, .ended(.hungUpThere)])
    }

    @Test func aCallerWhoGivesUpIsAMissedCall() throws {
        let rig = try Rig()
        try Self.ringing(rig)
        try rig.modemManager.command("giveup")
        #expect(rig.end() == .hungUpThere)
        #expect(rig.callEvents == [.incoming(number: "+15550001", name: nil), .ended(.hungUpThere)])
    }

    @Test func anIncomingCallIsRejected() throws {
        let rig = try Rig()
        try Self.ringing(rig)
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.end() == .hungUpHere)
        #expect(try rig.modemManager.calls().isEmpty)
    }

    /// ModemManager hangs up a call it has no index for with AT+CHUP, which ends the call in
    /// progress: the waiting call is reported and left alone until a key acts on it, and the
    /// first call stays up.
    @Test func aSecondCallDuringACallLeavesTheFirstUp() throws {
        let rig = try Rig()
        try rig.connectedCall()
        try rig.modemManager.command("waiting", "5550002")
        #expect(rig.run { rig.log.contains("a second call from 5550002 is waiting") }, "\(rig.log)")
        // Long enough for ModemManager to poll the calls once more after the waiting call came.
        let polls = try rig.modemManager.sentCommands().filter { $0 == "AT+CLCC" }.count
        #expect(rig.run { (try? rig.modemManager.sentCommands().filter { $0 == "AT+CLCC" }.count ?? 0) ?? 0 > polls })
        let sent = try rig.modemManager.sentCommands()
        #expect(!sent.contains { $0 == "AT+CHUP" || $0 == "ATH" || $0.hasPrefix("AT+CHLD") }, "\(sent)")
        #expect(try rig.modemManager.calls().first == "+CLCC: 1,0,0,0,0,\"5551234\",129")
        try rig.modemManager.command("giveup")
        #expect(rig.run { rig.log.contains("is over") }, "\(rig.log)")
        #expect(rig.callEvents.prefix(2) == [.ringing, .connected])
        #expect(rig.callEvents.contains { if case .waiting(_, "5550002", nil) = $0 { true } else { false } })
        #expect(rig.callEvents.last.map { if case .call(_, .ended(.hungUpThere)) = $0 { true } else { false } } == true, "\(rig.callEvents)")
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.end() == .hungUpHere)
    }

    /// A call still waiting when the first call ends rings here: the modem lists it as
    /// incoming, and the line takes it as the current call, answered with Accept.
    @Test func aCallStillWaitingRingsOnceTheFirstEnds() throws {
        let rig = try Rig()
        try rig.connectedCall()
        try rig.modemManager.command("waiting", "5550002")
        #expect(rig.run { rig.log.contains("a second call from 5550002 is waiting") }, "\(rig.log)")
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run(untilSaid: .ended(.hungUpHere)), "\(rig.log)\n\(rig.modemManager.logs)")
        #expect(rig.callEvents.prefix(2) == [.ringing, .connected])
        #expect(rig.run { (try? rig.modemManager.calls()) == ["+CLCC: 2,1,4,0,0,\"5550002\",129"] }, "rings here now")
        rig.events += rig.line.answer(at: Rig.now)
        #expect(rig.run { rig.callEvents.filter { $0 == .connected }.count == 2 }, "\(rig.log)")
        #expect(try rig.modemManager.calls() == ["+CLCC: 2,1,0,0,0,\"5550002\",129"])
    }

    /// ModemManager makes no call object for a call ringing on a disabled modem; t9dial, the
    /// modem's only user on a board, enables it.
    @Test func aDisabledModemIsEnabled() throws {
        let rig = try Rig(enabled: false)
        rig.runUntilReady()
        #expect(rig.log.contains("is disabled; enabling it"), "\(rig.log)")
        #expect(try rig.modemManager.modemState() ?? 0 >= 6)
        try Self.ringing(rig)
    }

    /// What `t9dial doctor` asks: the survey only looks, so a disabled modem stays disabled.
    @Test func theSurveySaysTheModemIsDisabledAndLeavesIt() throws {
        let modemManager = try RealModemManager.shared.get()
        let turn = try modemManager.take()
        defer { withExtendedLifetime(turn) {} }
        #expect(ModemManagerLine.survey(bus: .address(modemManager.address)) == nil)
        try modemManager.command("enable", "no")
        let problem = ModemManagerLine.survey(bus: .address(modemManager.address)) ?? ""
        #expect(problem.contains("the modem is disabled") && problem.contains("sudo mmcli -m 0 -e"), "\(problem)")
        #expect(try modemManager.modemState() == 3, "still disabled")
        try modemManager.command("stop-mm")
        #expect(ModemManagerLine.survey(bus: .address(modemManager.address))?.contains("ModemManager is not running") == true)
        try modemManager.command("reset")
    }

    /// A user polkit does not allow can neither enable the modem nor call; the problem says
    /// the command that enables it, and where the rule goes.
    @Test func polkitRefusesAUserWithoutTheRule() throws {
        let rig = try Rig(enabled: false, asUser: Self.nobody)
        #expect(
            rig.run { rig.line.problem?.contains("t9dial could not enable it (PolicyKit authorization failed") == true },
            "\(rig.line.problem ?? "")\n\(rig.log)")
        #expect(rig.line.problem?.contains("sudo mmcli -m 0 -e") == true, "\(rig.line.problem ?? "")")
        #expect(rig.line.dial("5551234", at: Rig.now) == [.ended(.failed(rig.line.problem ?? ""))])
        try rig.modemManager.command("enable", "yes")
        rig.runUntilReady()
        rig.events += rig.line.dial("5551234", at: Rig.now)
        guard case .failed(let why)? = rig.end() else {
            Issue.record("not refused: \(rig.callEvents)")
            return
        }
        #expect(why.contains(ModemManagerLine.polkitRuleName) && why.contains("/usr/share/polkit-1/rules.d"), "\(why)")
        #expect(try !rig.modemManager.sentCommands().contains { $0.hasPrefix("ATD") })
    }

    /// The shipped polkit rule, naming the test's user, lets it enable the modem and call.
    @Test func theShippedPolkitRuleLetsItsUserCall() throws {
        let rule = try String(contentsOfFile: TestPaths.polkitRule, encoding: .utf8)
        #expect(rule.contains("subject.user == \"t9dial-service\""))
        let rig = try Rig(enabled: false, asUser: Self.nobody, rule: TestPaths.polkitRule)
        rig.dialUntilRinging()
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.end() == .hungUpHere)
    }

    @Test func modemManagerRestarting() throws {
        let rig = try Rig()
        try rig.connectedCall()
        try rig.modemManager.command("stop-mm")
        #expect(rig.end() == .failed("the modem went away"))
        #expect(rig.run { rig.line.problem?.contains("ModemManager is not running") == true }, "\(rig.line.problem ?? "")")
        try rig.modemManager.command("start-mm")
        rig.runUntilReady()
        rig.events += rig.line.dial("5551234", at: Rig.now)
        #expect(rig.run(untilSaid: .ringing), "\(rig.log)")
    }
}

enum TestPaths {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()
    static let polkitRule = root + "/packaging/polkit/50-t9dial-modemmanager.rules"
}
