// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Telephony
import Testing

@Suite("[keypad] settings")
struct KeypadSettingsTests {
    static func parse(_ text: String) throws -> KeypadSettings {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: ["HOME": "/home/ann"]).keypad
    }

    @Test("Defaults: auto keymap, grab, T9, 15 ms debounce, 500 ms long press, 2 s clear, 800 ms multi-tap, 30 s idle")
    func defaults() throws {
        let settings = try Self.parse("")
        #expect(settings == KeypadSettings())
        #expect(settings.keymap == "auto" && settings.device == nil && settings.grab && settings.mode == .t9)
        #expect(settings.debounceMilliseconds == 15 && settings.longPressMilliseconds == 500)
        #expect(settings.clearHoldMilliseconds == 2000 && settings.multitapCommitMilliseconds == 800 && settings.idleClearSeconds == 30)
    }

    @Test("Every key is read")
    func everyKey() throws {
        let settings = try Self.parse(
            """
            [keypad]
            keymap = "usb-numpad"
            device = "~/keypad"
            grab = false
            mode = "multitap"
            debounce_ms = 25
            long_press_ms = 700
            clear_hold_ms = 3000
            multitap_commit_ms = 1000
            idle_clear_s = 0
            """
        )
        #expect(
            settings
                == KeypadSettings(
                    keymap: "usb-numpad", device: "/home/ann/keypad", grab: false, mode: .multitap, debounceMilliseconds: 25,
                    longPressMilliseconds: 700, clearHoldMilliseconds: 3000, multitapCommitMilliseconds: 1000, idleClearSeconds: 0
                ))
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[keypad]\nmode = \"qwerty\"\n", 2, "keypad.mode", #"must be "t9" or "multitap", not "qwerty""#),
            ("[keypad]\ngrab = \"yes\"\n", 2, "keypad.grab", "must be true or false"),
            ("[keypad]\ndebounce_ms = 900\n", 2, "keypad.debounce_ms", "must be from 0 to 500; found 900"),
            ("[keypad]\nlong_press_ms = 50\n", 2, "keypad.long_press_ms", "must be from 100 to 5000; found 50"),
            ("[keypad]\nlong_press_ms = 900\nclear_hold_ms = 800\n", 3, "keypad.clear_hold_ms", "must be longer than long_press_ms"),
            ("[keypad]\nkeymap = \"\"\n", 2, "keypad.keymap", "is empty"),
            ("[keypad]\nidle_clear_s = -1\n", 2, "keypad.idle_clear_s", "must be from 0 to 86400"),
            ("\n[keypad]\nbounce = 3\n", 3, "keypad.bounce", "unknown key"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "t9dial.toml" && error.line == line && error.key == key && error.description.contains(message)
        }
    }
}
