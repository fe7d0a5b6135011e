// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

@Suite("[dial] method = \"modem\": its keys")
struct ModemSettingsTests {
    @Test func everyKeyIsRead() throws {
        let modem = try DialMethodTests.parse("[dial]\nmethod = \"modem\"\ndevice = \"/dev/ttyUSB2\"\nbaud = 9600\n").dial
        #expect(modem == .modem(ModemSettings(device: "/dev/ttyUSB2", baud: 9600)))
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[dial]\nmethod = \"modem\"\n", 2, "dial.method", "needs device ="),
            ("[dial]\nmethod = \"modem\"\ndevice = \"/dev/ttyUSB2\"\nbaud = 1200\n", 4, "dial.baud", "must be one of 9600"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        DialMethodTests.expectProblem(text, line: line, key: key, message: message)
    }
}
