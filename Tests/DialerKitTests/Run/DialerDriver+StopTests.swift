// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
@testable import DialerKit
import DialerEngine
import InputEvents
import T9Search
import Telephony
import Testing
import struct SystemPackage.FileDescriptor

/// A run that stops gives the line time to finish ending its calls in the back-end
/// (`CallLine.isEnding`), so nothing of t9dial's is left there.
@Suite("The dialer driver stopping")
struct DialerDriverStopTests {
    /// A line that is still ending a call for its next `wakesLeft` wakes, due at once.
    final class EndingLine: CallLine {
        let methodName = "ending"
        let followsCalls = true
        let isWorking = false
        var descriptors: [FileDescriptor] { [] }
        var nextDeadline: Microseconds? { wakesLeft > 0 ? 0 : nil }
        let problem: String? = nil
        var wakesLeft: Int
        private(set) var wakes = 0
        var isEnding: Bool { wakesLeft > 0 }

        init(wakesLeft: Int) { self.wakesLeft = wakesLeft }

        func start(at now: Microseconds) -> [LineEvent] { [] }
        func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent] {
            wakes += 1
            wakesLeft = max(0, wakesLeft - 1)
            return []
        }
        func dial(_ number: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] { [] }
        func answer(at now: Microseconds) -> [LineEvent] { [] }
        func hangUp(at now: Microseconds) -> [LineEvent] { [] }
        func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] { [] }
        func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] { [] }
        func stop() {}
    }

    @Test("stop runs the line until it has finished ending its calls", arguments: [0, 1, 3])
    func stopWaitsForTheLineToFinish(wakes: Int) throws {
        let line = EndingLine(wakesLeft: wakes)
        let log = RecordedLog()
        let index = SearchIndex(contacts: DialerDriverCallTests.contacts, alphabet: T9Alphabet(layouts: []))
        let driver = DialerDriver(machine: DialerMachine(session: try DialerSession(index: index)), line: line, logger: log.logger)
        var display = InMemoryDisplay()
        driver.startCalls()
        try driver.stop(display: &display)
        #expect(line.wakes == wakes && !line.isEnding)
        #expect(!log.lines.contains { $0.contains("did not finish ending") })
    }
}
