// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerKit
import Telephony
import Testing

/// Each `[dial] method` is a line, made from its settings and checked at start.
@Suite("Dial methods as lines")
struct DialSettingsLineTests {
    @Test func printAndExecLaunchTheirCalls() throws {
        let print = try DialSettings(method: .print).makeLine()
        #expect(print is PrintLine && !print.followsCalls)
        let exec = try DialSettings(method: .exec, command: ["/bin/true", "{number}"]).makeLine()
        #expect(exec is ExecLine && !exec.followsCalls && exec.methodName == "exec")
    }

    @Test func aModemIsALineThatFollowsItsCalls() throws {
        let line = try #require(try DialSettings(method: .modem, device: "/dev/ttyUSB2", baud: 9600).makeLine() as? ModemCallLine)
        #expect(line.device == "/dev/ttyUSB2")
        #expect(line.baud.bitsPerSecond == 9600)
        #expect(line.followsCalls)
    }

    @Test func baresipIsALineToItsControlSocket() throws {
        let line = try DialSettings(method: .baresip, control: "127.0.0.1:4545").makeLine()
        #expect(line is BaresipLine && line.methodName == "baresip")
    }

    @Test func modemManagerIsALineOnTheSystemBus() throws {
        // Where libsystemd cannot be loaded, the method is refused at start, saying why.
        if let problem = ModemManagerLine.libraryProblem {
            #expect(throws: DialerError.self) { try DialSettings(method: .modemmanager).makeLine() }
            #expect(!problem.isEmpty)
        } else {
            #expect(try DialSettings(method: .modemmanager, modem: "0").makeLine() is ModemManagerLine)
        }
    }

    @Test func aModemAtASpeedNoPortTakesIsRefusedAtStart() {
        #expect(throws: DialerError.self) { try DialSettings(method: .modem, device: "/dev/ttyUSB2", baud: 1200).makeLine() }
    }
}
