// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
import Telephony
import Testing

@Suite("[speed_dial] and [dial] voicemail")
struct SpeedDialSettingsTests {
    static func parse(_ text: String) throws -> DialerConfiguration {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: ["HOME": "/home/ann"])
    }

    @Test func noneByDefault() throws {
        let configuration = try Self.parse("")
        #expect(configuration.speedDial.targets.isEmpty)
        #expect(configuration.voicemail == nil)
    }

    @Test func everyFormIsRead() throws {
        let configuration = try Self.parse(
            """
            [dial]
            method = "print"
            voicemail = "+44 7700 900999"
            [speed_dial]
            2 = "Fred Smith"
            3 = { contact = "Fred Smith", number = "home" }
            4 = "+44 20 7946 0000"
            5 = { number = "0800 123" }
            6 = { contact = "Freya Jones" }
            """
        )
        #expect(configuration.voicemail == "+44 7700 900999")
        #expect(
            configuration.speedDial.targets == [
                2: .contact("Fred Smith", number: nil),
                3: .contact("Fred Smith", number: "home"),
                4: .number("+44 20 7946 0000"),
                5: .number("0800 123"),
                6: .contact("Freya Jones", number: nil),
            ])
    }

    @Test(
        "A bad entry names the line and key and says what is allowed",
        arguments: [
            ("[speed_dial]\n1 = \"Mum\"\n", 2, "speed_dial.1", "1 calls voicemail, set with voicemail in [dial]"),
            ("[speed_dial]\n\n0 = \"Mum\"\n", 3, "speed_dial.0", "they are 2 to 9"),
            ("[speed_dial]\nmum = \"Mum\"\n", 2, "speed_dial.mum", "is no speed-dial key"),
            ("[speed_dial]\n2 = 5\n", 2, "speed_dial.2", "must be a string or an inline table"),
            ("[speed_dial]\n2 = \"\"\n", 2, "speed_dial.2", "must be 1 to 200 characters"),
            ("[speed_dial]\n2 = \"\(String(repeating: "a", count: 201))\"\n", 2, "speed_dial.2", "must be 1 to 200 characters"),
            ("[speed_dial]\n2 = { name = \"Mum\" }\n", 2, "speed_dial.2", "it may have contact and number"),
            ("[speed_dial]\n2 = { number = 5 }\n", 2, "speed_dial.2", "number must be a string"),
            ("[speed_dial]\n2 = {}\n", 2, "speed_dial.2", "give a contact or a number"),
            ("[dial]\nvoicemail = \"voicemail\"\n", 2, "dial.voicemail", "must be a number of 1 to 64 characters"),
            ("[dial]\nvoicemail = 121\n", 2, "dial.voicemail", "must be a string"),
        ] as [(String, Int, String, String)]
    )
    func badEntry(text: String, line: Int, key: String, message: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.key == key && error.description.contains(message)
        }
    }

    @Test func configShowWritesThemBack() throws {
        let configuration = try Self.parse(
            "[dial]\nvoicemail = \"121\"\n[speed_dial]\n3 = { contact = \"Fred Smith\", number = \"home\" }\n2 = \"Fred Smith\"\n9 = \"112\"\n")
        let text = configuration.tomlText(currentDirectory: "/home/ann")
        #expect(text.contains("voicemail = \"121\"  # t9dial.toml:2"))
        #expect(
            text.hasSuffix(
                """
                [speed_dial]
                2 = "Fred Smith"  # t9dial.toml:5
                3 = { contact = "Fred Smith", number = "home" }  # t9dial.toml:4
                9 = "112"  # t9dial.toml:6

                """))
        // What config show writes reads back as the same settings.
        #expect(try Self.parse(text) == configuration)
    }
}
