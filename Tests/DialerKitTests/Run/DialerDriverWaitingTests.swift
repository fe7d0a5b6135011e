// SPDX-License-Identifier: Apache-2.0

import DialHistory
import DialOutcomes
import DialerEngine
@testable import DialerKit
import Foundation
import InputEvents
import ProcessLoop
import Telephony
import TestFixtures
import Testing

/// The driver with two calls on a line: the keys of call waiting reach the line as controls,
/// what the line says of each call reaches the screen, and the history has each call.
@Suite("The dialer driver and call waiting")
struct DialerDriverWaitingTests {
    typealias Calls = DialerDriverCallTests

    @Test("a call waiting is answered, swapped and ended, and the history has both calls")
    func twoCallsReachTheLineAndTheHistory() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let history = try DialHistory(path: directory + "/t9dial.sqlite")
            let line = Calls.ScriptedLine()
            let driver = try Calls.driver(line: line, history: history)
            var display = InMemoryDisplay()
            driver.startCalls()
            let (first, second) = (LineCallID("1"), LineCallID("2"))
            Calls.say([.incoming(number: "+447700900555", name: nil)], on: line, to: driver, display: &display)
            let now = MonotonicClock.system.now()
            driver.apply(driver.machine.handle([TimedGesture(time: now, gesture: .pressed(.dial))]), to: &display)
            Calls.say([.call(first, .connected), .waiting(second, number: "+12015550123", name: "Sam")], on: line, to: driver, display: &display)
            #expect(driver.machine.session.screen.otherCall?.line == "Waiting: Sam")

            // The dial key answers it; the line holds the first.
            driver.apply(driver.machine.handle([TimedGesture(time: now + 1000, gesture: .pressed(.dial))]), to: &display)
            Calls.say([.call(first, .held), .call(second, .connected)], on: line, to: driver, display: &display)
            #expect(driver.machine.session.screen.calling?.number == "+12015550123")
            #expect(driver.machine.session.screen.otherCall?.line == "On hold: Nora Caller")

            // `*` held swaps; what the line cannot do shows on the screen.
            driver.apply(driver.machine.handle([TimedGesture(time: now + 2000, gesture: .held(.star))]), to: &display)
            Calls.say([.call(second, .held), .call(first, .resumed)], on: line, to: driver, display: &display)
            #expect(driver.machine.session.screen.calling?.name == "Nora Caller")
            Calls.say([.notOnThisLine(.volumeUp)], on: line, to: driver, display: &display)
            #expect(driver.machine.session.screen.callNote == "Volume: not on this line")

            // The current call ends; the held one comes back, resumed.
            driver.apply(driver.machine.handle([TimedGesture(time: now + 3000, gesture: .pressed(.hangUp))]), to: &display)
            Calls.say([.call(first, .ended(.hungUpHere))], on: line, to: driver, display: &display)
            Calls.say([.call(second, .resumed)], on: line, to: driver, display: &display)
            #expect(driver.machine.session.screen.calling?.number == "+12015550123")
            #expect(driver.machine.session.screen.callHeadline.hasPrefix("Connected"))
            Calls.say([.call(second, .ended(.hungUpThere))], on: line, to: driver, display: &display)
            #expect(line.asked == ["answer", "answer-waiting", "swap", "hangup", "resume"])

            driver.finishHistory()
            let calls = try history.allDials()
            #expect(calls.count == 2)
            #expect(Set(calls.map(\.number)) == ["+44 7700 900555", "+12015550123"])
            #expect(calls.allSatisfy { $0.status == .answered && $0.direction == .incoming })
        }
    }
}
