// SPDX-License-Identifier: Apache-2.0

import DialHistory
import DialOutcomes
import DialerEngine
@testable import DialerKit
import Foundation
import InputEvents
import ProcessLoop
import TestFixtures
import Testing

/// The call log's calls come from the history: read at start, and again on the history's
/// thread after each call is written; the missed-calls notice opens the missed calls.
@Suite("The dialer driver and the call log")
struct DialerDriverCallLogTests {
    typealias Calls = DialerDriverCallTests

    /// A key as the loop hands it over: the driver learns a key went down, then the machine acts.
    static func press(_ role: KeyRole, on driver: DialerDriver, display: inout InMemoryDisplay) {
        let now = MonotonicClock.system.now()
        driver.keyPressed(display: &display)
        driver.apply(driver.machine.handle([TimedGesture(time: now, gesture: .pressed(role))]), to: &display)
        driver.apply(driver.machine.handle([TimedGesture(time: now + 1000, gesture: .tapped(role))]), to: &display)
    }

    @Test("the notice's missed calls open from the call key, are marked seen, and call back")
    func theMissedCallsOpenFromTheNotice() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            try history.record(Dial(uid: nil, number: "+441214960000", time: Date(timeIntervalSinceNow: -120), status: .answered))
            try history.record(Dial(uid: "nora", number: "+447700900555", time: Date(timeIntervalSinceNow: -60), status: .missed, direction: .incoming))
            let line = Calls.ScriptedLine()
            let driver = try Calls.driver(line: line, history: history)
            var display = InMemoryDisplay()
            driver.startCalls()
            driver.machine.showFirstScreen(on: &display)
            #expect(driver.machine.session.screen.notice == "1 missed")

            Self.press(.dial, on: driver, display: &display)
            let log = try #require(driver.machine.session.screen.callLog)
            #expect(log.missedOnly)
            #expect(log.rows.map(\.title) == ["Nora Caller"])
            #expect(driver.machine.session.screen.notice == nil)
            driver.finishHistory()
            #expect(try history.unseenMissedCount() == 0)

            Self.press(.dial, on: driver, display: &display)
            #expect(line.asked == ["dial +447700900555"])
        }
    }

    @Test("a call written to the history is in the log at once after, newest first")
    func aCallWrittenIsListed() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            try history.record(Dial(uid: nil, number: "+441214960000", time: Date(timeIntervalSinceNow: -3600), status: .answered))
            let line = Calls.ScriptedLine()
            let driver = try Calls.driver(line: line, history: history)
            var display = InMemoryDisplay()
            driver.startCalls()
            driver.machine.showFirstScreen(on: &display)

            // Nora rings and is answered, then hangs up; the call is written on the history's thread.
            Calls.say([.incoming(number: "+447700900555", name: nil)], on: line, to: driver, display: &display)
            Self.press(.dial, on: driver, display: &display)
            Calls.say([.connected], on: line, to: driver, display: &display)
            Calls.say([.ended(.hungUpThere)], on: line, to: driver, display: &display)
            let written = try #require(driver.historyDescriptor)
            #expect(HistoryRecorderTests.becomesReadable(written))
            _ = try DialerLoop(driver: driver).handle(
                EventLoop.Wakeup(time: MonotonicClock.system.now(), ready: [.init(.history)], deadlinePassed: false), display: &display)

            // The hang-up key leaves the ended call's screen; the call key then lists both calls.
            Self.press(.hangUp, on: driver, display: &display)
            Self.press(.dial, on: driver, display: &display)
            let log = try #require(driver.machine.session.screen.callLog)
            #expect(log.rows.map(\.title) == ["Nora Caller", "+441214960000"])
            #expect(log.rows.map(\.outcome) == ["answered", "answered"])
            #expect(log.rows.first?.direction == .incoming)
            // Two presses of the call key redial the last number.
            Self.press(.dial, on: driver, display: &display)
            #expect(line.asked.last == "dial +447700900555")
        }
    }

    @Test("the wall clock is the local time now, at the loop's moment")
    func theWallClockIsTheLocalTime() throws {
        let now = Date(timeIntervalSince1970: 1_795_948_200.75)
        let clock = DialerDriver.wallClock(at: 42_000_000, now: now, timeZone: try #require(TimeZone(secondsFromGMT: 3600)))
        #expect(clock == WallClock(monotonic: 42_000_000, unixSeconds: 1_795_948_200, utcOffset: 3600))
    }
}
