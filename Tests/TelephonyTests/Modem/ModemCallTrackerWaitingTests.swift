// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import InputEvents
import Testing

@testable import Telephony

/// Call waiting, hold, mute and volume on the tracker (`callWaiting`), on a manual clock: what
/// the modem says, and the events and commands that come of it.
@Suite("An AT modem's second call, hold, mute and volume")
struct ModemCallTrackerWaitingTests {
    static let first = LineCallID("1")
    static let second = LineCallID("2")
    static let active = "+CLCC: 1,1,0,0,0,\"5551234\",129"
    static let waiting = "+CLCC: 2,1,5,0,0,\"5559876\",129"

    /// A tracker and a modem that answers every command at once: `AT+CLCC` with `calls`, a
    /// command starting with a prefix of `replies` with its lines (once), any other `OK`.
    struct Modem {
        var tracker = ModemCallTracker(callWaiting: true)
        var now: Microseconds = 0
        var calls: [String] = []
        var replies: [(prefix: String, lines: [String])] = []
        var events: [LineEvent] = []
        var commands: [String] = []

        /// Takes `step`, answering its commands (and theirs) as the modem does; the events, log
        /// lines left out.
        @discardableResult
        mutating func take(_ step: ModemCallTracker.Step) -> [LineEvent] {
            var said = step.events
            var pending = step.commands
            while !pending.isEmpty, commands.count < 200 {
                let command = pending.removeFirst()
                commands.append(command)
                var answer = command == "AT+CLCC" ? calls + ["OK"] : ["OK"]
                if let found = replies.firstIndex(where: { command.hasPrefix($0.prefix) }) { answer = replies.remove(at: found).lines }
                for line in answer {
                    let step = tracker.receive(line, at: now)
                    said += step.events
                    pending += step.commands
                }
            }
            now += 10_000
            let calls = said.filter { if case .log = $0 { false } else { true } }
            events += calls
            return calls
        }

        @discardableResult
        mutating func says(_ lines: String...) -> [LineEvent] {
            var step = ModemCallTracker.Step()
            for line in lines {
                let said = tracker.receive(line, at: now)
                step.events += said.events
                step.commands += said.commands
            }
            return take(step)
        }

        @discardableResult
        mutating func control(_ control: CallControl) -> [LineEvent] { take(tracker.control(control, at: now)) }

        /// A second passes: the next list is asked, and answered with `calls`.
        @discardableResult
        mutating func tick() -> [LineEvent] {
            now += 1_000_000
            return take(tracker.advance(to: now))
        }
    }

    /// A call from 5551234 answered here (index 1), and 5559876 waiting (index 2).
    static func callWaiting() -> Modem {
        var modem = Modem()
        modem.take(modem.tracker.start(at: 0))
        #expect(modem.commands == ["AT+CLIP=1", "AT+CCWA=1"])
        modem.calls = ["+CLCC: 1,1,4,0,0,\"5551234\",129"]
        modem.says("RING", "+CLIP: \"5551234\",129")
        modem.calls = [active]
        modem.take(modem.tracker.answer(at: modem.now))
        #expect(modem.events == [.incoming(number: "5551234", name: nil), .connected])
        // The network presents the call waiting; the list, asked at once, gives its index.
        modem.calls = [active, waiting]
        #expect(modem.says("+CCWA: \"5559876\",129,1") == [.waiting(second, number: "5559876", name: nil)])
        return modem
    }

    @Test func aCallWaitingIsReportedWithItsIndexAndAnsweredWithCHLD2() {
        var modem = Self.callWaiting()
        modem.calls = ["+CLCC: 1,1,1,0,0,\"5551234\",129", "+CLCC: 2,1,0,0,0,\"5559876\",129"]
        #expect(modem.control(.answerWaiting) == [.call(Self.first, .held), .call(Self.second, .connected)])
        #expect(modem.commands.last == "AT+CHLD=2")
        #expect(modem.tick() == [], "both calls listed: nothing changes")
        // Swapped back: CHLD=2 again.
        modem.calls = [Self.active, "+CLCC: 2,1,1,0,0,\"5559876\",129"]
        #expect(modem.control(.swap) == [.call(Self.second, .held), .call(Self.first, .resumed)])
        #expect(modem.commands.last == "AT+CHLD=2")
        // The current call (1) hung up alone: CHLD=11, and the held one (2) is current.
        modem.calls = ["+CLCC: 2,1,1,0,0,\"5559876\",129"]
        #expect(modem.take(modem.tracker.hangUp(at: modem.now)) == [.ended(.hungUpHere)])
        #expect(modem.commands.suffix(2) == ["AT+CHLD=11", "AT+CLCC"], "the other call listed at once")
        #expect(modem.control(.resume) == [.call(Self.second, .resumed)])
        #expect(modem.commands.last == "AT+CHLD=2")
        modem.calls = ["+CLCC: 2,1,0,0,0,\"5559876\",129"]
        #expect(modem.tick() == [])
        #expect(modem.tracker.hasCall)
    }

    @Test func aCallWaitingRejectedWithCHLD0() {
        var modem = Self.callWaiting()
        modem.calls = [Self.active]
        #expect(modem.control(.rejectWaiting) == [.call(Self.second, .ended(.rejected))])
        #expect(modem.commands.last == "AT+CHLD=0")
        #expect(modem.tick() == [])
    }

    @Test func aCallWaitingWhoseCallerGivesUpLeavesTheList() {
        var modem = Self.callWaiting()
        modem.calls = [Self.active]
        #expect(modem.tick() == [.call(Self.second, .ended(.hungUpThere))])
    }

    @Test func theCurrentCallEndingLeavesTheWaitingOneRinging() {
        var modem = Self.callWaiting()
        // NO CARRIER with two calls: the list, asked at once, says which ended.
        modem.calls = [Self.waiting]
        #expect(modem.says("NO CARRIER") == [.ended(.hungUpThere)])
        // The waiting call rings on, as the current one: ATA answers it.
        modem.calls = ["+CLCC: 2,1,0,0,0,\"5559876\",129"]
        #expect(modem.take(modem.tracker.answer(at: modem.now)) == [.connected])
        #expect(modem.commands.last == "ATA")
    }

    @Test func aSecondCallBeforeTheFirstIsConnectedIsTurnedAwayBusy() {
        var modem = Modem()
        modem.take(modem.tracker.start(at: 0))
        modem.calls = ["+CLCC: 1,1,4,0,0,\"5551234\",129"]
        modem.says("RING", "+CLIP: \"5551234\",129")
        modem.calls = ["+CLCC: 1,1,4,0,0,\"5551234\",129", "+CLCC: 2,1,5,0,0,\"5559876\",129"]
        modem.tick()
        #expect(modem.commands.suffix(2) == ["AT+CLCC", "AT+CHLD=0"])
        #expect(!modem.events.contains { if case .waiting = $0 { true } else { false } })
    }

    @Test func aThirdCallIsTurnedAwayBusy() {
        var modem = Self.callWaiting()
        modem.calls = [Self.active, Self.waiting, "+CLCC: 3,1,5,0,0,\"5550000\",129"]
        modem.tick()
        #expect(modem.commands.suffix(2) == ["AT+CLCC", "AT+CHLD=0"])
        #expect(!modem.events.contains { if case .waiting(LineCallID("3"), _, _) = $0 { true } else { false } })
    }

    @Test func holdMuteAndVolumeOfOneCall() {
        var modem = Modem()
        // AT+CCWA=1 refused: calls waiting are not presented, the rest works.
        modem.replies = [("AT+CCWA", ["ERROR"])]
        modem.take(modem.tracker.start(at: 0))
        modem.calls = ["+CLCC: 1,1,4,0,0,\"5551234\",129"]
        modem.says("RING", "+CLIP: \"5551234\",129")
        modem.calls = [Self.active]
        modem.take(modem.tracker.answer(at: modem.now))

        for (control, command, change) in [
            (CallControl.hold, "AT+CHLD=2", LineCallChange.held), (.resume, "AT+CHLD=2", .resumed), (.mute, "AT+CMUT=1", .muted(true)),
            (.unmute, "AT+CMUT=0", .muted(false)),
        ] {
            #expect(modem.control(control) == [.call(Self.first, change)])
            #expect(modem.commands.last == command)
        }
        // Volume: the range and level asked once, then set.
        modem.replies = [("AT+CLVL=?", ["+CLVL: (0-5)", "OK"]), ("AT+CLVL?", ["+CLVL: 3", "OK"])]
        #expect(modem.control(.volumeUp) == [.volume(percent: 80)])
        #expect(modem.commands.suffix(3) == ["AT+CLVL=?", "AT+CLVL?", "AT+CLVL=4"])
        #expect(modem.control(.volumeDown) == [.volume(percent: 60)])
        #expect(modem.commands.last == "AT+CLVL=3")
        // Refused by the modem: not on this line.
        modem.replies = [("AT+CMUT", ["+CME ERROR: 3"])]
        #expect(modem.control(.mute) == [.notOnThisLine(.mute)])
    }
}
