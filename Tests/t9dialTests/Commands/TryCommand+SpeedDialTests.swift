// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `t9dial try` and speed dial: Alt+digit (Esc then the digit) holds the digit, as a keypad's
/// long press does.
@Suite("t9dial try: speed dial and voicemail")
struct TryCommandSpeedDialTests {
    @Test func heldDigitsCallTheConfigsAndTheKeptSpeedDialsAndVoicemail() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let config = try T9DialProcess.write(
                "[dial]\nvoicemail = \"+44 7700 900999\"\n[speed_dial]\n5 = \"Fred Smith\"\n", to: directory + "/t9dial.toml")
            let kept = try T9DialProcess.run(["speed-dial", "set", "6", "Siobhán O'Brien"], config: config, stateDirectory: state)
            #expect(kept.status == 0, "stderr: \(kept.stderr)")
            let output = try T9DialProcess.run(
                ["try", "--contacts", T9DialProcess.sampleContacts], stdin: "\u{1B}5\u{1B}6\u{1B}1\u{1B}0", config: config, stateDirectory: state)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(
                output.lines.filter { $0.hasPrefix("dial: ") } == [
                    "dial: Fred Smith  +44 7700 900123", "dial: Siobhán O'Brien  +353 1 234 5678", "dial: Voicemail  +44 7700 900999",
                ], "stdout: \(output.stdout)")
            // 0 held still gives +. (The book loads while the keys come: a digit held waits
            // for it, as a dial does, so the contact is found.)
            #expect(output.lines.suffix(2) == ["T9: +", "  no matches"], "stdout: \(output.stdout)")
        }
    }

    @Test func aHeldDigitWithNothingAssignedSaysSo() throws {
        let output = try T9DialProcess.run(["try", "--contacts", T9DialProcess.sampleContacts], stdin: "\u{1B}7")
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.lines.contains("! no speed dial on 7: t9dial speed-dial set 7 ..."), "stdout: \(output.stdout)")
        #expect(!output.lines.contains { $0.hasPrefix("dial: ") })
    }
}
