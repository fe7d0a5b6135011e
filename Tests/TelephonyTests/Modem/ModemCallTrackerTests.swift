// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import InputEvents
import Testing

@testable import Telephony

/// The tracker on a manual clock: transcripts of what the modem says and the user does, each
/// at a time, and the events and commands they give.
@Suite("Following an AT modem's calls")
struct ModemCallTrackerTests {
    /// One thing that happens, at a time in milliseconds.
    struct Beat: Sendable {
        enum Input: Sendable {
            case start, dial(String), answer, hangUp, tones(String), advance
            /// The modem sends these lines, in order.
            case modem([String])
        }

        var milliseconds: Int64
        var input: Input

        static func at(_ milliseconds: Int64, _ input: Input) -> Beat { Beat(milliseconds: milliseconds, input: input) }
        /// The modem says `lines`, in order.
        static func at(_ milliseconds: Int64, says lines: String...) -> Beat { at(milliseconds, .modem(lines)) }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var beats: [Beat]
        /// The events, log lines left out.
        var events: [LineEvent]
        /// Every command sent, in order.
        var commands: [String]

        var testDescription: String { name }
    }

    /// What every transcript starts with: the port open, `AT+CLIP=1` answered.
    static let opened: [Beat] = [.at(0, .start), .at(5, says: "AT+CLIP=1", "OK")]
    /// Then an outgoing call, answered `OK`, and the first call list showing it dialling.
    static let dialled: [Beat] =
        opened.then(
            .at(10, .dial("+44 (121) 496-0000")), .at(20, says: "ATD+441214960000;", "OK"), .at(30, says: "+CLCC: 1,0,2,0,0,\"+441214960000\",145", "OK"))
    static let dialledCommands = ["AT+CLIP=1", "ATD+441214960000;", "AT+CLCC"]
    /// Then it rings there and is answered, found at the next two lists.
    static let connected: [Beat] =
        dialled.then(
            .at(1020, .advance), .at(1030, says: "+CLCC: 1,0,3,0,0,\"+441214960000\",145", "OK"), .at(2020, .advance),
            .at(2030, says: "+CLCC: 1,0,0,0,0,\"+441214960000\",145", "OK"))
    static let connectedCommands = dialledCommands + ["AT+CLCC", "AT+CLCC"]
    /// A call ringing here, with the caller's number.
    static let ringingHere: [Beat] =
        opened.then(.at(1000, says: "RING", "+CLIP: \"5551234\",129,,,,0"), .at(1010, says: "+CLCC: 1,1,4,0,0,\"5551234\",129", "OK"))
    static let ringingHereCommands = ["AT+CLIP=1", "AT+CLCC"]

    static let outgoing: [Case] = [
        Case(
            name: "answered, then the far end hangs up: the call leaves the list",
            beats: connected.then(.at(3020, .advance), .at(3030, says: "OK")),
            events: [.ringing, .connected, .ended(.hungUpThere)], commands: connectedCommands + ["AT+CLCC"]),
        Case(
            name: "answered, then the far end hangs up: NO CARRIER",
            beats: connected.then(.at(2500, says: "NO CARRIER")),
            events: [.ringing, .connected, .ended(.hungUpThere)], commands: connectedCommands),
        Case(
            name: "NO CARRIER while AT+CLCC waits for its answer ends the call; the list that follows is no call's",
            beats: connected.then(.at(3020, .advance), .at(3025, says: "NO CARRIER", "+CLCC: 1,0,0,0,0,\"+441214960000\",145", "OK")),
            events: [.ringing, .connected, .ended(.hungUpThere)], commands: connectedCommands + ["AT+CLCC"]),
        Case(
            name: "busy, said after ATD's OK",
            beats: dialled.then(.at(500, says: "BUSY")), events: [.ended(.busy)], commands: dialledCommands),
        Case(
            name: "busy, as ATD's answer",
            beats: opened.then(.at(10, .dial("5551234")), .at(20, says: "ATD5551234;", "BUSY")),
            events: [.ended(.busy)], commands: ["AT+CLIP=1", "ATD5551234;"]),
        Case(
            name: "no answer", beats: dialled.then(.at(1000, says: "NO ANSWER")),
            events: [.ended(.noAnswer)], commands: dialledCommands),
        Case(
            name: "no carrier before it connected is a failure", beats: dialled.then(.at(800, says: "NO CARRIER")),
            events: [.ended(.failed("no carrier"))], commands: dialledCommands),
        Case(
            name: "the call leaves the list before it connected: no answer",
            beats: dialled.then(.at(1020, .advance), .at(1030, says: "OK")),
            events: [.ended(.noAnswer)], commands: dialledCommands + ["AT+CLCC"]),
        Case(
            name: "a call the modem has not listed yet is given three lists",
            beats: opened.then(
                .at(10, .dial("5551234")), .at(20, says: "OK"), .at(30, says: "OK"), .at(1020, .advance), .at(1030, says: "OK"), .at(2020, .advance),
                .at(2030, says: "OK")),
            events: [.ended(.noAnswer)], commands: ["AT+CLIP=1", "ATD5551234;", "AT+CLCC", "AT+CLCC", "AT+CLCC"]),
        Case(
            name: "no dial tone", beats: opened.then(.at(10, .dial("5551234")), .at(20, says: "NO DIALTONE")),
            events: [.ended(.failed("no dial tone"))], commands: ["AT+CLIP=1", "ATD5551234;"]),
        Case(
            name: "ATD refused with the modem's text", beats: opened.then(.at(10, .dial("5551234")), .at(20, says: "+CME ERROR: 30")),
            events: [.ended(.failed("+CME ERROR: 30"))], commands: ["AT+CLIP=1", "ATD5551234;"]),
        Case(
            name: "a modem that never answers ATD: failed at the time-out, and ATH abandons it",
            beats: opened.then(.at(10, .dial("5551234")), .at(60_009, .advance), .at(60_010, .advance)),
            events: [.ended(.failed("the modem did not answer ATD5551234; in 60 s"))], commands: ["AT+CLIP=1", "ATD5551234;", "ATH"]),
        Case(
            name: "+CLCC reports during the dial, unsolicited lines and echo in between",
            beats: opened.then(
                .at(10, .dial("5551234")), .at(20, says: "ATD5551234;", "+CREG: 1,\"00C3\"", "+CLCC: 1,0,2,0,0,\"5551234\",129", "^BOOT:1,0,0,0,75"),
                .at(900, says: "+CLCC: 1,0,3,0,0,\"5551234\",129", "OK"), .at(910, says: "AT+CLCC", "+CLCC: 1,0,3,0,0,\"5551234\",129", "OK"),
                .at(2000, says: "+CLCC: 1,0,0,0,0,\"5551234\",129")),
            events: [.ringing, .connected], commands: ["AT+CLIP=1", "ATD5551234;", "AT+CLCC", "AT+CLCC"]),
        Case(
            name: "hung up here while ATD waits: AT+CHUP follows its OK",
            beats: opened.then(.at(10, .dial("5551234")), .at(15, .hangUp), .at(20, says: "OK"), .at(30, says: "OK")),
            events: [.ended(.hungUpHere)], commands: ["AT+CLIP=1", "ATD5551234;", "AT+CHUP"]),
        Case(
            name: "hung up here; the modem's NO CARRIER that follows is the same end",
            beats: connected.then(.at(2500, .hangUp), .at(2510, says: "NO CARRIER", "OK")),
            events: [.ringing, .connected, .ended(.hungUpHere)], commands: connectedCommands + ["AT+CHUP"]),
        Case(
            name: "AT+CHUP refused: ATH", beats: connected.then(.at(2500, .hangUp), .at(2510, says: "ERROR"), .at(2520, says: "OK")),
            events: [.ringing, .connected, .ended(.hungUpHere)], commands: connectedCommands + ["AT+CHUP", "ATH"]),
        Case(
            name: "a modem that stops answering loses the call after three commands",
            beats: connected.then(.at(3020, .advance), .at(8020, .advance), .at(13_020, .advance), .at(18_020, .advance)),
            events: [.ringing, .connected, .ended(.failed("the modem stopped answering (3 commands in a row)"))],
            commands: connectedCommands + ["AT+CLCC", "AT+CLCC", "AT+CLCC"]),
    ]

    static let incoming: [Case] = [
        Case(
            name: "RING with +CLIP, reported once, answered with ATA, then the far end hangs up",
            beats: ringingHere.then(
                .at(4000, says: "RING", "+CLIP: \"5551234\",129"), .at(4010, says: "+CLCC: 1,1,4,0,0,\"5551234\",129", "OK"), .at(4100, .answer),
                .at(4200, says: "ATA", "OK"), .at(9000, says: "NO CARRIER")),
            events: [.incoming(number: "5551234", name: nil), .connected, .ended(.hungUpThere)],
            commands: ringingHereCommands + ["AT+CLCC", "ATA"]),
        Case(
            name: "rejected with AT+CHUP", beats: ringingHere.then(.at(1500, .hangUp), .at(1510, says: "OK")),
            events: [.incoming(number: "5551234", name: nil), .ended(.hungUpHere)], commands: ringingHereCommands + ["AT+CHUP"]),
        Case(
            name: "missed: the call leaves the list", beats: ringingHere.then(.at(2010, .advance), .at(2020, says: "OK")),
            events: [.incoming(number: "5551234", name: nil), .ended(.hungUpThere)], commands: ringingHereCommands + ["AT+CLCC"]),
        Case(
            name: "missed: NO CARRIER", beats: ringingHere.then(.at(3000, says: "NO CARRIER")),
            events: [.incoming(number: "5551234", name: nil), .ended(.hungUpThere)], commands: ringingHereCommands),
        Case(
            name: "no +CLIP: the number comes from the list",
            beats: opened.then(.at(1000, says: "+CRING: VOICE"), .at(1010, says: "+CLCC: 1,1,4,0,0,\"5559876\",129", "OK")),
            events: [.incoming(number: "5559876", name: nil)], commands: ["AT+CLIP=1", "AT+CLCC"]),
        Case(
            name: "no number anywhere, and no call list: reported without one, missed when RING stops",
            beats: opened.then(
                .at(1000, says: "RING"), .at(1010, says: "ERROR"), .at(2000, .advance), .at(5000, says: "RING"), .at(16_999, .advance), .at(17_000, .advance)),
            events: [.incoming(number: "", name: nil), .ended(.hungUpThere)], commands: ["AT+CLIP=1", "AT+CLCC"]),
        Case(
            name: "a withheld number", beats: opened.then(.at(1000, says: "RING", "+CLIP: \"\",128")),
            events: [.incoming(number: "", name: nil)], commands: ["AT+CLIP=1", "AT+CLCC"]),
        Case(
            name: "answering fails: ATA refused, the call still rings",
            beats: ringingHere.then(.at(1500, .answer), .at(1510, says: "ERROR"), .at(1520, .answer), .at(1530, says: "OK")),
            events: [.incoming(number: "5551234", name: nil), .connected], commands: ringingHereCommands + ["ATA", "ATA"]),
        Case(
            name: "the caller gives up as ATA is sent", beats: ringingHere.then(.at(1500, .answer), .at(1510, says: "NO CARRIER")),
            events: [.incoming(number: "5551234", name: nil), .ended(.hungUpThere)], commands: ringingHereCommands + ["ATA"]),
        Case(
            name: "a second call during a call is turned away, once, and never reported",
            beats: connected.then(
                .at(2500, says: "RING"), .at(3020, .advance),
                .at(3030, says: "+CLCC: 1,0,0,0,0,\"+441214960000\",145", "+CLCC: 2,1,5,0,0,\"5550000\",129", "OK"), .at(3040, says: "OK"), .at(4020, .advance),
                .at(4030, says: "+CLCC: 1,0,0,0,0,\"+441214960000\",145", "+CLCC: 2,1,5,0,0,\"5550000\",129", "OK")),
            events: [.ringing, .connected], commands: connectedCommands + ["AT+CLCC", "AT+CHLD=0", "AT+CLCC"]),
    ]

    /// The hang-up key acts within `Timing.hangUpWait` (0.8 s) whatever the modem does.
    static let hangingUp: [Case] = [
        Case(
            name: "a modem silent after ATD: the hang-up aborts the dial, the call is over 0.8 s later, and ATH follows",
            beats: opened.then(.at(10, .dial("5551234")), .at(1000, .hangUp), .at(1799, .advance), .at(1800, .advance)),
            events: [.ended(.hungUpHere)], commands: ["AT+CLIP=1", "ATD5551234;", "ATH"]),
        Case(
            name: "a dial still queued behind an unanswered command is dropped at once, never sent",
            beats: [.at(0, .start), .at(10, .dial("5551234")), .at(20, .hangUp), .at(5000, .advance)],
            events: [.ended(.hungUpHere)], commands: ["AT+CLIP=1"]),
        Case(
            name: "hung up while AT+CLCC goes unanswered: over 0.8 s later, and AT+CHUP is still sent",
            beats: connected.then(.at(3020, .advance), .at(3100, .hangUp), .at(3899, .advance), .at(3900, .advance), .at(8020, .advance)),
            events: [.ringing, .connected, .ended(.hungUpHere)], commands: connectedCommands + ["AT+CLCC", "AT+CHUP"]),
        Case(
            name: "rejecting while ATA goes unanswered: ATA is aborted, the call over 0.8 s later",
            beats: ringingHere.then(.at(1500, .answer), .at(2000, .hangUp), .at(2800, .advance)),
            events: [.incoming(number: "5551234", name: nil), .ended(.hungUpHere)], commands: ringingHereCommands + ["ATA", "AT+CHUP"]),
    ]

    static let tones: [Case] = [
        Case(
            name: "DTMF goes one tone a command, each after the last one's OK",
            beats: connected.then(.at(2100, .tones("1#9x")), .at(2110, says: "AT+VTS=1", "OK"), .at(2120, says: "OK"), .at(2130, says: "OK")),
            events: [.ringing, .connected], commands: connectedCommands + ["AT+VTS=1", "AT+VTS=#", "AT+VTS=9"]),
        Case(
            name: "a tone refused or unanswered: the queue goes on",
            beats: connected.then(.at(2100, .tones("12")), .at(2110, says: "ERROR"), .at(7120, .advance)),
            events: [.ringing, .connected], commands: connectedCommands + ["AT+VTS=1", "AT+VTS=2", "AT+CLCC"]),
        Case(
            name: "no DTMF before the call is connected", beats: dialled.then(.at(100, .tones("1"))),
            events: [], commands: dialledCommands),
    ]

    static let hostile: [Case] = [
        Case(
            name: "junk, stray codes and broken lists change nothing",
            beats: dialled.then(
                .at(100, says: "\u{FFFD}\u{FFFD}", "OK", "ERROR", "+CLCC: x,y", "+CLCC: 1,7,0,0,0", "CONNECT", String(repeating: "A", count: 5000))),
            events: [], commands: dialledCommands),
        Case(
            name: "a stray NO CARRIER with no call", beats: opened.then(.at(100, says: "NO CARRIER", "BUSY")), events: [], commands: ["AT+CLIP=1"]),
        Case(
            name: "a modem that never answers AT+CLIP=1: the dial waits its turn, then goes",
            beats: [.at(0, .start), .at(10, .dial("5551234")), .at(4999, .advance), .at(5000, .advance)], events: [],
            commands: ["AT+CLIP=1", "ATD5551234;"]),
    ]

    static func play(_ beats: [Beat], timing: ModemCallTracker.Timing = .init()) -> (ModemCallTracker, ModemCallTracker.Step) {
        var tracker = ModemCallTracker(timing: timing)
        var all = ModemCallTracker.Step()
        for beat in beats {
            let now = beat.milliseconds * 1000
            var step: ModemCallTracker.Step
            switch beat.input {
            case .start: step = tracker.start(at: now)
            case .dial(let number): step = tracker.dial(number, at: now)
            case .answer: step = tracker.answer(at: now)
            case .hangUp: step = tracker.hangUp(at: now)
            case .tones(let tones): step = tracker.sendTones(tones, at: now)
            case .advance: step = tracker.advance(to: now)
            case .modem(let lines):
                step = ModemCallTracker.Step()
                for line in lines {
                    let said = tracker.receive(line, at: now)
                    step.events += said.events
                    step.commands += said.commands
                }
            }
            all.events += step.events
            all.commands += step.commands
        }
        return (tracker, all)
    }

    static func withoutLogs(_ events: [LineEvent]) -> [LineEvent] {
        events.filter {
            if case .log = $0 { return false }
            return true
        }
    }

    @Test(arguments: outgoing + incoming + hangingUp + tones + hostile)
    func transcript(_ test: Case) {
        let (_, step) = Self.play(test.beats)
        #expect(Self.withoutLogs(step.events) == test.events)
        #expect(step.commands == test.commands)
    }

    @Test func callListsOnlyWhileACallExists() {
        var (tracker, _) = Self.play(Self.opened)
        #expect(tracker.nextDeadline == nil, "idle is asleep")
        #expect(tracker.advance(to: 3_600_000_000) == ModemCallTracker.Step())

        (tracker, _) = Self.play(Self.dialled)
        #expect(tracker.nextDeadline == 1_020_000, "AT+CLCC a second after the last one")
        #expect(tracker.advance(to: 1_019_999).commands.isEmpty)
        #expect(tracker.advance(to: 1_020_000).commands == ["AT+CLCC"])
        #expect(tracker.nextDeadline == 6_020_000, "while it waits: its time-out")
        #expect(tracker.receive("OK", at: 1_030_000).events.contains(.ended(.noAnswer)))
        #expect(tracker.nextDeadline == nil, "no call: asleep again")
        #expect(!tracker.hasCall)
    }

    @Test func aCallRingingHereWaitsForItsNumberThenIsReportedWithout() {
        var (tracker, step) = Self.play(Self.opened.then(.at(1000, says: "RING")))
        #expect(step.commands == ["AT+CLIP=1", "AT+CLCC"], "AT+CLCC at once")
        #expect(tracker.nextDeadline == 2_000_000, "its number waited for a second")
        #expect(Self.withoutLogs(tracker.advance(to: 2_000_000).events) == [.incoming(number: "", name: nil)])
    }

    @Test func aHangUpDuringADialInFlightAbortsItWithACharacterAndWakesInTime() {
        var (tracker, _) = Self.play(Self.opened.then(.at(10, .dial("5551234"))))
        #expect(tracker.nextDeadline == 60_010_000, "ATD may take a minute to be answered")
        let step = tracker.hangUp(at: 1_000_000)
        #expect(step.abortsCallSetup)
        #expect(step.commands.isEmpty, "AT+CHUP waits for ATD's answer")
        #expect(tracker.nextDeadline == 1_800_000)
        #expect(!tracker.hangUp(at: 1_100_000).abortsCallSetup, "once")
        let over = tracker.advance(to: 1_800_000)
        #expect(Self.withoutLogs(over.events) == [.ended(.hungUpHere)])
        #expect(over.events.contains(.log(.warning, "modem: the modem did not answer the abort of ATD5551234;")))
    }

    @Test func aHangUpOfAConnectedCallSendsNoAbort() {
        var (tracker, _) = Self.play(Self.connected)
        let step = tracker.hangUp(at: 2_500_000)
        #expect(!step.abortsCallSetup)
        #expect(step.commands == ["AT+CHUP"])
    }

    /// A port that floods the call list (a modem gone wrong, or not a modem) is read for
    /// `listedLimit` calls, and turns away as many second calls at most: nothing it sends
    /// grows without bound.
    @Test func aFloodedCallListIsBounded() {
        var (tracker, _) = Self.play(Self.connected)
        _ = tracker.advance(to: 3_020_000)
        _ = tracker.receive("+CLCC: 1,0,0,0,0,\"+441214960000\",145", at: 3_025_000)
        var turnedAway = 0
        for index in 2..<10_000 {
            let step = tracker.receive("+CLCC: \(index),1,5,0,0,\"555\(index)\",129", at: 3_030_000)
            turnedAway += step.commands.count
        }
        #expect(tracker.listedCount == ModemCallTracker.listedLimit)
        let step = tracker.receive("OK", at: 3_040_000)
        #expect(!step.events.contains { if case .ended = $0 { true } else { false } }, "the call stays")
        #expect(tracker.turnedAwayCount <= ModemCallTracker.listedLimit)
        #expect(turnedAway == 0, "lists are read whole before acting on them")
    }

    @Test func aModemThatSaysNothingIsSilentUntilItAnswers() {
        var (tracker, _) = Self.play([.at(0, .start)])
        #expect(!tracker.isSilent)
        _ = tracker.advance(to: 5_000_000)
        #expect(tracker.isSilent, "AT+CLIP=1 went unanswered")
        _ = tracker.receive("OK", at: 5_000_001)
        #expect(!tracker.isSilent)
    }

    @Test func timeOutsAreLogged() {
        let (_, step) = Self.play(Self.opened.then(.at(10, .dial("5551234")), .at(60_010, .advance)))
        #expect(step.events.contains(.log(.warning, "modem: the modem did not answer ATD5551234; in 60 s")))
    }

    @Test func aPortThatClosesEndsTheCall() {
        var (tracker, _) = Self.play(Self.connected)
        #expect(tracker.portClosed(reason: "the modem went away").events == [.ended(.failed("the modem went away"))])
        #expect(tracker.nextDeadline == nil)
        #expect(tracker.portClosed(reason: "again").events.isEmpty)
    }

    @Test func aDialDuringACallIsRefused() {
        var (tracker, _) = Self.play(Self.connected)
        let step = tracker.dial("5550000", at: 2500_000)
        #expect(step.commands.isEmpty)
        #expect(Self.withoutLogs(step.events).isEmpty)
    }
}

extension [ModemCallTrackerTests.Beat] {
    /// These beats, then `more`.
    func then(_ more: ModemCallTrackerTests.Beat...) -> [ModemCallTrackerTests.Beat] { self + more }
}
