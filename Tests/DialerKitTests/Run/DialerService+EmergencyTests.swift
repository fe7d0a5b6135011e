// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Foundation
@testable import DialerKit
import EvdevTestSupport
import InputEvents
import ProcessLoop
import TestFixtures
import Testing

/// The service with a config that does not load still dials emergency numbers as typed,
/// through the `[dial]` method the config chose.
@Suite("The dialer as a service: emergency numbers")
struct DialerServiceEmergencyTests {
    typealias Service = DialerServiceTests

    static func tapPound(_ node: FakeEvdevNode, at time: inout Microseconds) throws {
        time += 200_000
        try node.key(Service.code("KEY_NUMERIC_POUND"), KeyValue.press, at: time)
        try node.key(Service.code("KEY_NUMERIC_POUND"), KeyValue.release, at: time + 60_000)
    }

    @Test(arguments: [[1, 1, 2], [0, 0, 0]])
    func aBrokenConfigStillDialsAnEmergencyNumberThroughItsMethod(digits: [Int]) throws {
        try TestFiles.withTemporaryDirectory { directory in
            let arguments = directory + "/args.txt"
            let script = directory + "/dial.sh"
            try TestFiles.write("printf '%s\\n' \"$1\" >> \"\(arguments)\"\n", to: script)
            // [search] limit is wrong: the config does not load, and the book is empty.
            let config = """
                contacts = ["book.vcf"]
                [search]
                limit = "many"
                [keypad]
                idle_clear_s = 0
                [dial]
                method = "exec"
                command = ["/bin/sh", "\(script)", "{number}"]
                emergency_numbers = ["000"]
                """
            let started = try Service.startedService(directory, config: config)
            let (service, node) = (started.service, started.node)
            var display = started.display
            #expect(display.screens.last?.notice?.contains("config.toml") == true)

            var time = MonotonicClock.system.now() - 10_000_000
            for digit in digits { try Service.tap(node, digit, at: &time) }
            try Self.tapPound(node, at: &time)
            let deadline = Date().addingTimeInterval(60)
            // The shell opens the file before it writes the line: wait for the line.
            while (try? String(contentsOfFile: arguments, encoding: .utf8))?.hasSuffix("\n") != true, Date() < deadline {
                try service.step(display: &display)
            }
            let written = try? String(contentsOfFile: arguments, encoding: .utf8)
            #expect(written == digits.map(String.init).joined() + "\n", "\(display.screens.suffix(3)) \(started.log.lines)")
        }
    }
}
