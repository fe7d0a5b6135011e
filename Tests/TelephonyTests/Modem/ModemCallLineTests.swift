// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Glibc
import InputEvents
import ModemTestSupport
import SystemCalls
import Telephony
import Testing

/// The line against the fake modem on a pty, woken as the dialer's loop wakes it: after a
/// poll of its descriptors, or at its deadline.
@Suite("An AT modem's calls, followed on the fake modem")
struct ModemCallLineTests {
    /// A line started on a scripted fake modem, and the events it gave so far.
    final class Rig: LineRig {
        let modem: FakeModem
        let line: ModemCallLine
        let loop: LineLoop

        init(commandTimeout: Microseconds = 5_000_000) throws {
            modem = try FakeModem.scripted()
            // Quick lists, so a test takes a few hundred milliseconds.
            let timing = ModemCallTracker.Timing(listInterval: 50_000, commandTimeout: commandTimeout)
            line = ModemCallLine(device: modem.device, baud: .standard, timing: timing)
            loop = LineLoop(line: line)
            events += line.start(at: Self.now)
        }

        deinit {
            line.stop()
            modem.stop()
        }

        let patience: Int64 = 5

        /// Runs the line until the modem has received `command` (`count` times).
        @discardableResult
        func run(untilSent command: String, count: Int = 1) -> Bool {
            run { self.modem.commands.filter { $0 == command }.count >= count }
        }

        func dial(_ number: String) { events += line.dial(number, at: Self.now) }
    }

    static let dialling = "+CLCC: 1,0,2,0,0,\"5551234\",129"
    static let alerting = "+CLCC: 1,0,3,0,0,\"5551234\",129"
    static let active = "+CLCC: 1,0,0,0,0,\"5551234\",129"

    /// A call dialled, ringing there, then answered, each found by AT+CLCC.
    static func connectedCall(commandTimeout: Microseconds = 5_000_000) throws -> Rig {
        let rig = try Rig(commandTimeout: commandTimeout)
        #expect(rig.run(untilSent: "AT+CLIP=1"))
        #expect(rig.line.problem == nil)
        rig.modem.setCalls([dialling])
        rig.dial("5551234")
        #expect(rig.run(untilSent: "ATD5551234;"))
        #expect(rig.run(untilSent: "AT+CLCC"))
        rig.modem.setCalls([alerting])
        #expect(rig.run(untilSaid: .ringing))
        rig.modem.setCalls([active])
        #expect(rig.run(untilSaid: .connected))
        return rig
    }

    @Test func anAnsweredCallIsFollowedWithCLCC() throws {
        let rig = try Self.connectedCall()
        #expect(rig.run(untilSent: "AT+CLCC", count: 5))
        #expect(rig.callEvents == [.ringing, .connected])
        #expect(rig.modem.commands.prefix(4) == ["AT+CLIP=1", "AT+CCWA=1", "ATD5551234;", "AT+CLCC"])
        #expect(Set(rig.modem.commands.dropFirst(3)) == ["AT+CLCC"])
    }

    @Test func theFarEndHangsUpAndTheCallLeavesTheList() throws {
        let rig = try Self.connectedCall()
        rig.modem.setCalls([])
        #expect(rig.run(untilSaid: .ended(.hungUpThere)))
        #expect(rig.callEvents == [.ringing, .connected, .ended(.hungUpThere)])
    }

    @Test func theFarEndHangsUpAndTheModemSaysNoCarrier() throws {
        let rig = try Self.connectedCall()
        rig.modem.send("NO CARRIER")
        #expect(rig.run(untilSaid: .ended(.hungUpThere)))
        #expect(rig.callEvents == [.ringing, .connected, .ended(.hungUpThere)])
    }

    @Test func noCallNoQuestions() throws {
        let rig = try Self.connectedCall()
        rig.modem.setCalls([])
        #expect(rig.run(untilSaid: .ended(.hungUpThere)))
        let asked = rig.modem.commands.count
        #expect(rig.line.nextDeadline == nil, "idle is asleep")
        let until = Rig.now + 300_000  // six list intervals
        rig.run { Rig.now >= until }
        #expect(rig.modem.commands.count == asked)
    }

    @Test func busy() throws {
        let rig = try Rig()
        #expect(rig.run(untilSent: "AT+CLIP=1"))
        rig.modem.reply(to: "ATD", with: ["BUSY"])
        rig.dial("5551234")
        #expect(rig.run(untilSaid: .ended(.busy)))
        #expect(rig.modem.commands == ["AT+CLIP=1", "AT+CCWA=1", "ATD5551234;"])
    }

    /// A call ringing here from 5559876, reported.
    static func ringingCall() throws -> Rig {
        let rig = try Rig()
        #expect(rig.run(untilSent: "AT+CLIP=1"))
        rig.modem.setCalls(["+CLCC: 1,1,4,0,0,\"5559876\",129"])
        rig.modem.send("RING", "+CLIP: \"5559876\",129,,,,0")
        #expect(rig.run(untilSaid: .incoming(number: "5559876", name: nil)))
        return rig
    }

    @Test func aCallRingingHereIsReportedOnceAndAnsweredWithATA() throws {
        let rig = try Self.ringingCall()
        rig.modem.send("RING", "+CLIP: \"5559876\",129,,,,0")
        #expect(rig.run(untilSent: "AT+CLCC", count: 3))
        rig.events += rig.line.answer(at: Rig.now)
        rig.modem.setCalls(["+CLCC: 1,1,0,0,0,\"5559876\",129"])
        #expect(rig.run(untilSaid: .connected))
        #expect(rig.modem.commands.contains("ATA"))
        #expect(rig.callEvents == [.incoming(number: "5559876", name: nil), .connected])
    }

    @Test func aCallRingingHereIsRejectedWithCHUP() throws {
        let rig = try Self.ringingCall()
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run(untilSaid: .ended(.hungUpHere)))
        #expect(rig.modem.commands.contains("AT+CHUP"))
    }

    @Test func tonesGoAsVTSOneAtATime() throws {
        let rig = try Self.connectedCall()
        rig.events += rig.line.sendTones("12#", at: Rig.now)
        #expect(rig.run(untilSent: "AT+VTS=#"))
        #expect(rig.modem.commands.filter { $0.hasPrefix("AT+VTS") } == ["AT+VTS=1", "AT+VTS=2", "AT+VTS=#"])
    }

    @Test func anUnpluggedModemEndsTheCallAndIsRetried() throws {
        let rig = try Self.connectedCall()
        rig.modem.unplug()
        #expect(rig.run(untilSaid: .ended(.failed("the modem went away"))))
        #expect(rig.line.descriptors.isEmpty)
        #expect(rig.line.problem?.contains(rig.modem.device) == true)
        let deadline = try #require(rig.line.nextDeadline)
        #expect(deadline > Rig.now, "opened again later, not at once")
    }

    /// The hang-up key on a modem that never answers `ATD`: the dial is aborted with a
    /// character and the call is over, not after the minute `ATD` may take.
    @Test func aModemSilentAfterATDIsHungUpAtOnce() throws {
        let rig = try Rig()
        #expect(rig.run(untilSent: "AT+CCWA=1"))
        // Its OK comes at once: only then do commands go unanswered.
        let answered = Rig.now + 200_000
        rig.run { Rig.now >= answered }
        rig.modem.reply(to: "ATD", with: [])
        rig.modem.reply(to: "", with: [])
        rig.dial("5551234")
        #expect(rig.run(untilSent: "ATD5551234;"))
        rig.events += rig.line.hangUp(at: Rig.now)
        #expect(rig.run(untilSaid: .ended(.hungUpHere)))
        #expect(rig.modem.commands.prefix(4) == ["AT+CLIP=1", "AT+CCWA=1", "ATD5551234;", ""], "a CR alone aborts the dial")
        #expect(rig.run(untilSent: "ATH"), "the dial abandoned: \(rig.modem.commands)")
        #expect(rig.callEvents == [.ended(.hungUpHere)])
    }

    /// A modem that stops answering is said to, and its port is opened again, which sets the
    /// modem up anew; once it answers, the problem is gone.
    @Test func aModemThatStopsAnsweringIsOpenedAgain() throws {
        let modem = try FakeModem.scripted()
        defer { modem.stop() }
        modem.reply(to: "AT+CLIP", with: [])
        let line = ModemCallLine(device: modem.device, timing: .init(commandTimeout: 100_000), backoff: .init(first: 100_000))
        let loop = LineLoop(line: line)
        defer { line.stop() }
        loop.events += line.start(at: LineLoop.now)
        #expect(loop.run(seconds: 5) { line.problem != nil })
        #expect(line.problem?.contains("does not answer AT commands") == true)
        #expect(line.problem?.contains(modem.device) == true)
        #expect(line.descriptors.isEmpty, "the port is closed")
        #expect(loop.run(seconds: 5) { modem.commands.filter { $0 == "AT+CLIP=1" }.count == 2 }, "opened again and set up anew")
        #expect(loop.run(seconds: 5) { line.problem == nil }, "the modem answered: \(modem.commands)")
        #expect(loop.events.filter { $0 == .log(.info, "modem: \(modem.device) open at 115200 baud") }.count == 2, "opened twice")
    }

    /// A call under way when the modem stops answering ends, saying so.
    @Test func aModemThatStopsAnsweringMidCallEndsIt() throws {
        let rig = try Self.connectedCall(commandTimeout: 200_000)
        rig.modem.reply(to: "AT+CLCC", with: [])
        rig.modem.reply(to: "AT+CLCC", with: [])
        #expect(rig.run(untilSaid: .ended(.failed("the modem stopped answering"))), "\(rig.events)")
        #expect(rig.line.problem?.contains("does not answer AT commands") == true)
    }

    /// Two programs on one port take each other's answers: the second is refused, before
    /// anything is set or sent on the port, and told who has it.
    @Test func aPortAnotherLineHasIsRefusedNamingItsHolder() throws {
        let rig = try Rig()
        #expect(rig.run(untilSent: "AT+CCWA=1"))
        let second = ModemCallLine(device: rig.modem.device)
        defer { second.stop() }
        let events = second.start(at: Rig.now)
        let problem = try #require(second.problem)
        #expect(problem.contains("\(rig.modem.device) is in use") && problem.contains("(pid \(getpid()))"), "\(problem)")
        #expect(events.contains(.problem(problem)))
        #expect(second.descriptors.isEmpty)
        #expect(rig.modem.commands == ["AT+CLIP=1", "AT+CCWA=1"], "nothing sent by the second")
    }

    @Test func aPortThatDoesNotAnswerIsAProblem() throws {
        let modem = try FakeModem.scripted()
        defer { modem.stop() }
        modem.reply(to: "AT+CLIP", with: [])
        let line = ModemCallLine(device: modem.device, timing: .init(commandTimeout: 100_000))
        defer { line.stop() }
        _ = line.start(at: Rig.now)
        #expect(line.problem == nil)
        let giveUp = Rig.now + 5_000_000
        while line.problem == nil, Rig.now < giveUp {
            _ = poll(nil, 0, 10)
            _ = line.wake(readable: [], at: Rig.now)
        }
        #expect(line.problem?.contains("does not answer AT commands") == true)
        #expect(line.problem?.contains(modem.device) == true)
    }

    @Test func aPortThatCannotBeOpenedIsAProblemRetriedWithBackoff() {
        let device = "/dev/ttyUSB-t9dial-missing"
        let line = ModemCallLine(device: device, backoff: .init(first: 5_000_000, longest: 12_000_000))
        let events = line.start(at: 1_000_000)
        let problem = line.problem ?? ""
        #expect(problem.contains(device) && problem.contains("ENOENT") && problem.contains("plugged in"))
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
