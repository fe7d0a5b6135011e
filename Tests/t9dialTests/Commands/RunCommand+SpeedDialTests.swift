// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// Speed dial from a keypad, through the whole program: a recorded numpad's long presses of 5
/// and 1 replayed (`run --replay`), with the config's `[speed_dial]` and `[dial] voicemail`.
@Suite("t9dial run --replay: speed dial")
struct RunCommandSpeedDialTests {
    @Test func longPressesCallTheSpeedDialAndVoicemail() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write(
                "[dial]\nvoicemail = \"+44 7700 900999\"\n[speed_dial]\n5 = \"Fred Smith\"\n", to: directory + "/t9dial.toml")
            let output = try T9DialProcess.run(
                ["run", "--replay", RunCommandTests.recordings + "numpad-speed-dial.evemu", "--contacts", T9DialProcess.sampleContacts],
                config: config)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let dials = output.lines.filter { $0.hasPrefix("dial: ") }
            #expect(dials == ["dial: Fred Smith  +44 7700 900123", "dial: Voicemail  +44 7700 900999"], "stdout: \(output.stdout)")
        }
    }

    @Test func aKeyWithNothingAssignedSaysSoAndKeepsItsDigit() throws {
        let output = try T9DialProcess.run(
            ["run", "--replay", RunCommandTests.recordings + "numpad-speed-dial.evemu", "--contacts", T9DialProcess.sampleContacts])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.lines.contains("! no speed dial on 5: t9dial speed-dial set 5 ..."), "stdout: \(output.stdout)")
        // The 5 stays typed, so the 1 held after it is typed too, and is no voicemail press.
        #expect(output.lines.contains("T9: 51"), "stdout: \(output.stdout)")
        #expect(!output.lines.contains { $0.hasPrefix("dial: ") })
    }
}
