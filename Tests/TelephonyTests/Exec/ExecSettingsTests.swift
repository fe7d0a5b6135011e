// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

@Suite("[dial] method = \"exec\": its keys")
struct ExecSettingsTests {
    @Test func everyKeyIsRead() throws {
        let configuration = try DialMethodTests.parse(
            """
            [dial]
            method = "exec"
            command = ["mmcli", "-m", "any", "--voice-create-call", "number={number}"]
            hangup_command = ["mmcli", "-m", "any", "--voice-hangup-all"]
            timeout_s = 20
            """
        )
        #expect(
            configuration.dial
                == .exec(
                    ExecSettings(
                        command: ["mmcli", "-m", "any", "--voice-create-call", "number={number}"],
                        hangUpCommand: ["mmcli", "-m", "any", "--voice-hangup-all"], timeoutSeconds: 20)))
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[dial]\nmethod = \"exec\"\n", 2, "dial.method", "needs command ="),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"baresip\"]\n", 3, "dial.command", "must contain {number}"),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"d\", \"{number}\"]\nhangup_command = [\"\"]\n", 4, "dial.hangup_command", "must start with the program"),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"d\", \"{number}\"]\ntimeout_s = 0\n", 4, "dial.timeout_s", "must be from 1 to 600"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        DialMethodTests.expectProblem(text, line: line, key: key, message: message)
    }
}
