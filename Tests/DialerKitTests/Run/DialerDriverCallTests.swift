// SPDX-License-Identifier: Apache-2.0

@testable import DialerKit
import DialHistory
import DialOutcomes
import DialerEngine
import Foundation
import InputEvents
import ProcessLoop
import T9Search
import Telephony
import TestFixtures
import Testing
import struct SystemPackage.FileDescriptor

/// The driver with a line that follows calls: what the line says reaches the screen and the
/// history, and missed calls wait on the notice line until a key is pressed.
@Suite("The dialer driver and a followed call")
struct DialerDriverCallTests {
    /// A line the test speaks for: it records what the driver asks of it, and says what the
    /// test gives it to say, as the real lines do in `Telephony`.
    final class ScriptedLine: CallLine {
        let methodName = "scripted"
        let followsCalls = true
        let isWorking = false
        var descriptors: [FileDescriptor] { [] }
        /// Due at once while it has something to say, so the driver's next wake takes it.
        var nextDeadline: Microseconds? { toSay.isEmpty ? nil : 0 }
        var problem: String?
        private(set) var asked: [String] = []
        /// What the line says at its next wake.
        var toSay: [LineEvent] = []

        func start(at now: Microseconds) -> [LineEvent] { [.problem(problem)] }
        func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent] {
            defer { toSay = [] }
            return toSay
        }
        func dial(_ number: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] { ask("dial \(number.dialString)") }
        func answer(at now: Microseconds) -> [LineEvent] { ask("answer") }
        func hangUp(at now: Microseconds) -> [LineEvent] { ask("hangup") }
        func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] { ask("tones \(tones)") }
        func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] { ask(control.rawValue) }
        func stop() { asked.append("stop") }

        private func ask(_ request: String) -> [LineEvent] {
            asked.append(request)
            return []
        }
    }

    /// Has the line say `events`, and the driver take them in as its loop would.
    static func say(_ events: [LineEvent], on line: ScriptedLine, to driver: DialerDriver, display: inout InMemoryDisplay) {
        line.toSay = events
        _ = try? DialerLoop(driver: driver).handle(
            EventLoop.Wakeup(time: MonotonicClock.system.now(), ready: [], deadlinePassed: true), display: &display)
    }

    static let contacts = [SearchableContact(names: [NameField("Nora Caller", kind: .displayName)], numbers: ["+44 7700 900555"], uid: "nora")]

    static func driver(line: ScriptedLine, history: DialHistory) throws -> DialerDriver {
        let index = SearchIndex(contacts: contacts, alphabet: T9Alphabet(layouts: []))
        let machine = DialerMachine(session: try DialerSession(index: index))
        return DialerDriver(machine: machine, line: line, logger: RecordedLog().logger, recorder: HistoryRecorder(history: history))
    }

    @Test("a missed call is written, shows \"1 missed\" until a key, and is then marked seen")
    func missedCallsWaitForAKey() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            let line = ScriptedLine()
            let driver = try Self.driver(line: line, history: history)
            var display = InMemoryDisplay()
            driver.startCalls()
            driver.machine.showFirstScreen(on: &display)
            #expect(driver.machine.session.screen.notice == nil)

            // The call rings here, from Nora, and the caller gives up: a missed call.
            Self.say([.incoming(number: "+447700900555", name: nil)], on: line, to: driver, display: &display)
            #expect(driver.machine.session.screen.calling?.name == "Nora Caller")
            #expect(driver.machine.session.screen.callHeadline == "Incoming call")
            Self.say([.ended(.hungUpThere)], on: line, to: driver, display: &display)
            #expect(driver.machine.session.screen.callHeadline == "Missed call")

            // Written on the history's thread; once it is in, the notice says so.
            let written = try #require(driver.historyDescriptor)
            #expect(HistoryRecorderTests.becomesReadable(written))
            _ = try DialerLoop(driver: driver).handle(
                EventLoop.Wakeup(time: MonotonicClock.system.now(), ready: [.init(.history)], deadlinePassed: false), display: &display)
            #expect(driver.machine.session.screen.notice == "1 missed")
            let call = try #require(try history.allDials().first)
            #expect(call.direction == .incoming)
            #expect(call.status == .missed)
            #expect(call.uid == "nora")

            // A key: the notice goes, and the history marks the call seen.
            driver.keyPressed(display: &display)
            #expect(driver.machine.session.screen.notice == nil)
            driver.finishHistory()
            #expect(try history.unseenMissedCount() == 0)
        }
    }

    @Test("missed calls read elsewhere (t9dial history) leave the idle screen without a key")
    func missedCallsReadElsewhere() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let path = directory + "/t9dial.sqlite"
            let history = try DialHistory(path: path)
            try history.record(Dial(uid: "nora", number: "+447700900555", time: Date(), status: .missed, direction: .incoming))
            let driver = try Self.driver(line: ScriptedLine(), history: history)
            var display = InMemoryDisplay()
            driver.startCalls()
            #expect(driver.machine.session.screen.notice == "1 missed")
            let watched = try #require(driver.sources.first { $0.tag == .missedCalls })

            // Another process lists the history, and so marks the call seen.
            try DialHistory(path: path).markMissedSeen()
            #expect(HistoryRecorderTests.becomesReadable(watched.descriptor))
            let now = MonotonicClock.system.now()
            _ = try DialerLoop(driver: driver).handle(EventLoop.Wakeup(time: now, ready: [.init(.missedCalls)], deadlinePassed: false), display: &display)
            #expect(driver.machine.session.screen.notice == nil)
            // Nothing missed is shown, so nothing is watched.
            #expect(!driver.sources.contains { $0.tag == .missedCalls })
        }
    }

    @Test("a key during a call reaches the line: DTMF while connected, the hang-up key ends it")
    func keysReachTheLine() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            let line = ScriptedLine()
            let driver = try Self.driver(line: line, history: history)
            var display = InMemoryDisplay()
            driver.startCalls()
            Self.say([.incoming(number: "+447700900555", name: nil)], on: line, to: driver, display: &display)
            let now = MonotonicClock.system.now()
            driver.apply(driver.machine.handle([TimedGesture(time: now, gesture: .pressed(.dial))]), to: &display)
            Self.say([.connected], on: line, to: driver, display: &display)
            driver.apply(driver.machine.handle([TimedGesture(time: now + 1000, gesture: .pressed(.digit(5)))]), to: &display)
            driver.apply(driver.machine.handle([TimedGesture(time: now + 2000, gesture: .pressed(.hangUp))]), to: &display)
            #expect(line.asked == ["answer", "tones 5", "hangup"])
            Self.say([.ended(.hungUpHere)], on: line, to: driver, display: &display)
            driver.finishHistory()
            let call = try #require(try history.allDials().first)
            #expect(call.status == .answered)
            #expect(call.direction == .incoming)
            #expect(call.duration != nil)
        }
    }

    @Test("a line that cannot place calls says why on the notice line from the first screen")
    func theLinesProblemIsTheNotice() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let line = ScriptedLine()
            line.problem = "SIP not connected"
            let driver = try Self.driver(line: line, history: try DialHistory(path: directory + "/t9dial.sqlite"))
            driver.startCalls()
            #expect(driver.machine.session.screen.notice == "SIP not connected")
            #expect(driver.machine.session.followsCalls)
        }
    }
}
