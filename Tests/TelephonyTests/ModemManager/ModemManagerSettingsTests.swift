// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

@Suite("[dial] method = \"modemmanager\": its keys")
struct ModemManagerSettingsTests {
    @Test func everyKeyIsRead() throws {
        let modemManager = try DialMethodTests.parse("[dial]\nmethod = \"modemmanager\"\nmodem = \"2\"\n").dial
        #expect(modemManager == .modemManager(ModemManagerSettings(modem: "2")))
        #expect(try DialMethodTests.parse("[dial]\nmethod = \"modemmanager\"\n").dial == .modemManager(ModemManagerSettings(modem: "any")))
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[dial]\nmethod = \"modemmanager\"\nmodem = \"first\"\n", 3, "dial.modem", #"must be "any", a modem's index"#)
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        DialMethodTests.expectProblem(text, line: line, key: key, message: message)
    }
}
