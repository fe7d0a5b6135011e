// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

@Suite("[dial] method = \"baresip\": its keys")
struct BaresipSettingsTests {
    @Test func everyKeyIsRead() throws {
        let baresip = try DialMethodTests.parse("[dial]\nmethod = \"baresip\"\ncontrol = \"localhost:5555\"\n").dial
        #expect(baresip == .baresip(BaresipSettings(control: "localhost:5555")))
        #expect(try DialMethodTests.parse("[dial]\nmethod = \"baresip\"\n").dial == .baresip(BaresipSettings(control: "127.0.0.1:4444")))
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            // ctrl_tcp has no password: only a port on this machine.
            ("[dial]\nmethod = \"baresip\"\ncontrol = \"192.168.1.5:4444\"\n", 3, "dial.control", "is not a loopback address"),
            ("[dial]\nmethod = \"baresip\"\ncontrol = \"127.0.0.1\"\n", 3, "dial.control", "has no port"),
            ("[dial]\nmethod = \"baresip\"\ncontrol = \"0.0.0.0:4444\"\n", 3, "dial.control", "is not a loopback address"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        DialMethodTests.expectProblem(text, line: line, key: key, message: message)
    }
}
