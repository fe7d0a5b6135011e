// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing

@Suite struct DialOutcomeTests {
    @Test func screenMessagesAreOneLine() {
        let outcomes: [DialOutcome] = [
            DialOutcome(.placed, via: "mmcli", number: "+441214960000"),
            DialOutcome(.failed(reason: "cannot run x: No such file\nmore"), via: "x", number: "1"),
            DialOutcome(.timedOut(after: .seconds(30)), via: "x", number: "1"),
            DialOutcome(.exited(status: 3), via: "x", number: "1", detail: "first\nno modem found\n"),
            DialOutcome(.signalled(11), via: "x", number: "1"),
            DialOutcome(.busy, via: "/dev/ttyUSB2", number: "1"),
            DialOutcome(.modemError("+CME ERROR: 30"), via: "/dev/ttyUSB2", number: "1"),
        ]
        for outcome in outcomes {
            #expect(!outcome.screenMessage.contains("\n"))
            #expect(!outcome.logMessage.contains("\n"))
        }
        #expect(outcomes[0].screenMessage == "Calling +441214960000")
        #expect(outcomes[2].screenMessage == "No answer in 30 s")
        #expect(outcomes[3].screenMessage == "Failed: exit 3: no modem found")
        #expect(outcomes[3].logMessage == "dial 1 via x: failed: exited with status 3; it said: first | no modem found")
        #expect(outcomes[6].screenMessage == "Modem: +CME ERROR: 30")
        #expect(outcomes[0].isPlaced && !outcomes[5].isPlaced)
    }
}
