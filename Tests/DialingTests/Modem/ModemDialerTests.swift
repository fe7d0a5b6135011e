// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Dialing
import Foundation
import ModemTestSupport
import Testing

@Suite struct ModemDialerTests {
    let number = try! DialNumber("+44 (121) 496-0000")  // a literal the tests rely on

    private func dial(answer: FakeModem.Answer, timeout: Duration = .seconds(5)) throws -> (DialOutcome, [String]) {
        let modem = try FakeModem(dialAnswer: answer)
        defer { modem.stop() }
        let dialer = try ModemDialer(device: modem.device, baud: ModemBaud(115_200), timeout: timeout)
        let outcome = dialer.dial(number, name: "Fred")
        return (outcome, modem.commands)
    }

    @Test func okPlacesTheCallPastEchoAndUnsolicitedCodes() throws {
        let (outcome, commands) = try dial(answer: .reply("OK"))
        #expect(outcome.kind == .placed)
        #expect(commands == ["ATD+441214960000;"])
        #expect(outcome.detail.contains("RING"))
        #expect(outcome.detail.contains("+CREG: 1"))
    }

    @Test(arguments: [
        ("BUSY", DialOutcome.Kind.busy),
        ("NO CARRIER", .noCarrier),
        ("NO ANSWER", .noAnswer),
        ("NO DIALTONE", .noDialTone),
        ("ERROR", .modemError("ERROR")),
        ("+CME ERROR: 30", .modemError("+CME ERROR: 30")),
    ])
    func finalCodesBecomeOutcomes(code: String, kind: DialOutcome.Kind) throws {
        let (outcome, _) = try dial(answer: .reply(code))
        #expect(outcome.kind == kind)
        #expect(!outcome.isPlaced)
    }

    @Test func silenceTimesOutAndHangsUp() throws {
        let (outcome, commands) = try dial(answer: .silence, timeout: .milliseconds(500))
        #expect(outcome.kind == .timedOut(after: .milliseconds(500)))
        #expect(commands == ["ATD+441214960000;", "ATH"])
    }

    @Test func hangUpSendsATHAndWaitsForOK() throws {
        let modem = try FakeModem(dialAnswer: .reply("OK"))
        defer { modem.stop() }
        let dialer = try ModemDialer(device: modem.device, timeout: .seconds(5))
        #expect(try dialer.hangUp() == .ok)
        #expect(modem.commands == ["ATH"])
    }

    @Test func aMissingDeviceIsNamedWithAFix() throws {
        let outcome = try ModemDialer(device: "/dev/ttyUSB-t9dial-missing", timeout: .seconds(1)).dial(number, name: "")
        guard case .failed(let reason) = outcome.kind else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(reason.contains("/dev/ttyUSB-t9dial-missing"))
        #expect(reason.contains("ENOENT"))
        #expect(reason.contains("plugged in"))
    }

    @Test(arguments: [0, 300, 12345, 1_000_000])
    func unsupportedSpeedsAreASetupError(baud: Int) {
        #expect(throws: DialSetupError.unsupportedBaud(baud)) { try ModemBaud(baud) }
    }
}
