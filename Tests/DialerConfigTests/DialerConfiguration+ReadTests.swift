// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

@Suite("DialerConfiguration.read: every problem of a config file")
struct DialerConfigurationReadTests {
    @Test("Each table's problem is found, not only the file's first, at its line and key")
    func everyTable() {
        let text = """
            contacts = "book.vcf"
            colour = 1
            [search]
            limit = 0
            [keypad]
            mode = "tap"
            [screen]
            rotation = 45
            [dial]
            method = "pigeon"
            """
        let reading = DialerConfiguration.read(text: text, file: "t.toml")
        #expect(reading.problems.map(\.line) == [2, 1, 4, 6, 8, 10])
        #expect(reading.problems.map(\.key) == ["colour", "contacts", "search.limit", "keypad.mode", "screen.rotation", "dial.method"])
        // A table with a problem keeps its defaults; the others are read.
        #expect(reading.configuration?.keypad.mode == .t9)
    }

    @Test("Each key's problem in one table is found, and the table's good keys are read")
    func everyKeyOfATable() {
        let text = "[keypad]\nmode = \"tap\"\nkeymap = \"usb-numpad\"\nmach = 1\ngrab = \"yes\"\n"
        let reading = DialerConfiguration.read(text: text, file: "t.toml")
        #expect(reading.problems.map(\.key) == ["keypad.mach", "keypad.grab", "keypad.mode"])
        #expect(reading.configuration?.keypad.keymap == "usb-numpad")
    }

    @Test("The first problem is the one parse throws")
    func sameAsParse() {
        let text = "[search]\nmach = \"smart\"\n[keypad]\nmode = \"tap\"\n"
        #expect(throws: DialerConfiguration.read(text: text, file: "t.toml").problems[0]) {
            try DialerConfiguration.parse(text: text, file: "t.toml")
        }
    }

    @Test("A top-level key written in a table is said once")
    func topLevelKeyInTable() {
        let reading = DialerConfiguration.read(text: "[search]\ncontacts = []\n", file: "t.toml")
        #expect(reading.problems.count == 1)
        #expect(reading.problems.first?.message.contains("is a top-level key") == true)
    }

    @Test("Text that is not TOML is one problem and no settings")
    func notTOML() {
        let reading = DialerConfiguration.read(text: "[search\n", file: "t.toml")
        #expect(reading.configuration == nil)
        #expect(reading.problems.count == 1)
        #expect(reading.problems.first?.line == 1)
    }

    @Test(
        "location(of:) names the key's line, else its table's",
        arguments: [
            ("keypad.keymap", 3, #""keymap" in [keypad]"#), ("keypad.device", 2, #""device" in [keypad]"#),
            ("contacts", 1, #""contacts""#), ("screen.font", nil, #""font" in [screen]"#),
        ] as [(String, Int?, String)]
    )
    func location(key: String, line: Int?, subject: String) throws {
        let configuration = try DialerConfiguration.parse(text: "contacts = []\n[keypad]\nkeymap = \"auto\"\n", file: "t.toml")
        let location = configuration.location(of: key)
        #expect(location.file == "t.toml")
        #expect(location.line == line)
        #expect(location.subject == subject)
    }
}
