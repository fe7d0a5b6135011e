// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

/// Each `[dial] method` is a line, made from its settings and checked at start.
@Suite("Dial methods as lines")
struct DialMethodLineTests {
    @Test func printAndExecLaunchTheirCalls() throws {
        let print = try DialMethod.print.makeLine()
        #expect(print is PrintLine && !print.followsCalls)
        let exec = try DialMethod.exec(ExecSettings(command: ["/bin/true", "{number}"])).makeLine()
        #expect(exec is ExecLine && !exec.followsCalls && exec.methodName == "exec")
    }

    @Test func aModemIsALineThatFollowsItsCalls() throws {
        let line = try #require(try DialMethod.modem(ModemSettings(device: "/dev/ttyUSB2", baud: 9600)).makeLine() as? ModemCallLine)
        #expect(line.device == "/dev/ttyUSB2")
        #expect(line.baud.bitsPerSecond == 9600)
        #expect(line.followsCalls)
    }

    @Test func baresipIsALineToItsControlSocket() throws {
        let line = try DialMethod.baresip(BaresipSettings(control: "127.0.0.1:4545")).makeLine()
        #expect(line is BaresipLine && line.methodName == "baresip")
    }

    @Test func modemManagerIsALineOnTheSystemBus() throws {
        // Where libsystemd cannot be loaded, the method is refused at start, saying why.
        if let problem = ModemManagerLine.libraryProblem {
            #expect(throws: DialSetupError.self) { try DialMethod.modemManager(ModemManagerSettings()).makeLine() }
            #expect(!problem.isEmpty)
        } else {
            #expect(try DialMethod.modemManager(ModemManagerSettings(modem: "0")).makeLine() is ModemManagerLine)
        }
    }

    @Test func aModemAtASpeedNoPortTakesIsRefusedAtStart() {
        #expect(throws: DialSetupError.unsupportedBaud(1200)) { try DialMethod.modem(ModemSettings(device: "/dev/ttyUSB2", baud: 1200)).makeLine() }
    }
}
