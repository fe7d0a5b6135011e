// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import DialerEngine
import InputEvents
import Testing

/// A keymap's `[hook]`: the hook switch of a keypad built into a phone.
@Suite("Keymap files: [hook]")
struct KeymapFileHookTests {
    /// `[keys]` with the ten digits on lines 2 to 11, then `hook` from line 12.
    static func keymap(hook: String, extraKeys: String = "") -> String {
        "[keys]\n\(KeymapFileTests.allDigits)\n\(extraKeys)[hook]\n\(hook)"
    }

    @Test(
        "A hook is a switch or a key, by name or number, with its polarity",
        arguments: [
            ("switch = \"SW_KEYPAD_SLIDE\"\nlifted = 1\n", HookSwitch.switch(0x0a, liftedValue: 1)),
            ("switch = 10\nlifted = 0\n", .switch(0x0a, liftedValue: 0)),
            ("key = \"KEY_PICKUP_PHONE\"\nlifted = 1\n", .key(0x1bd, liftedValue: 1)),
            ("key = 0x1be\nlifted = 0\nsettle_ms = 0\n", .key(0x1be, liftedValue: 0, settle: 0)),
            ("switch = \"SW_LID\"\nlifted = 0\nsettle_ms = 50\n", .switch(0x00, liftedValue: 0, settle: 50_000)),
        ] as [(String, HookSwitch)]
    )
    func hook(text: String, hook: HookSwitch) throws {
        #expect(try KeymapFile.parse(text: Self.keymap(hook: text), file: "phone.toml").hook == hook)
    }

    @Test func aKeymapWithoutHookHasNone() throws {
        #expect(try KeymapFile.parse(text: "[keys]\n\(KeymapFileTests.allDigits)\n", file: "pad.toml").hook == nil)
    }

    @Test(
        "A bad [hook] names the line and key and says how to fix it",
        arguments: [
            ("lifted = 1\n", 12, "hook", #"[hook] names no switch or key; add switch = "SW_..." (an EV_SW switch) or key = "KEY_...""#),
            ("switch = \"SW_LID\"\nkey = \"KEY_POWER\"\nlifted = 1\n", 14, "hook.key", "names both a switch and a key"),
            ("switch = \"SW_LID\"\n", 12, "hook", "does not say which value means the handset is lifted; add lifted = 1"),
            ("switch = \"SW_LID\"\nlifted = 2\n", 14, "hook.lifted", "1 or 0; found 2"),
            ("switch = \"SW_LID\"\nlifted = true\n", 14, "hook.lifted", "must be a whole number"),
            ("switch = \"SW_KEYPAD_SLIDES\"\nlifted = 1\n", 13, "hook.switch", "is not a switch name evdev knows; did you mean SW_KEYPAD_SLIDE?"),
            ("switch = \"KEY_PICKUP_PHONE\"\nlifted = 1\n", 13, "hook.switch", #"it is a key: write key = "KEY_PICKUP_PHONE""#),
            ("key = \"SW_LID\"\nlifted = 1\n", 13, "hook.key", #"it is a switch: write switch = "SW_LID""#),
            ("switch = 17\nlifted = 1\n", 13, "hook.switch", #""switch" in [hook] is a code from 0 to 16; found 17"#),
            ("key = 1.5\nlifted = 1\n", 13, "hook.key", "must be a name or a number"),
            ("switch = \"SW_LID\"\nlifted = 1\nsettle_ms = 5000\n", 15, "hook.settle_ms", "must be from 0 to 1000"),
            ("switch = \"SW_LID\"\nlifted = 1\npolarity = 1\n", 15, "hook.polarity", #"unknown key "polarity" in [hook]"#),
        ] as [(String, Int?, String?, String)]
    )
    func badHook(text: String, line: Int?, key: String?, fragment: String) {
        #expect {
            try KeymapFile.parse(text: Self.keymap(hook: text), file: "keymaps/phone.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "keymaps/phone.toml" && error.line == line && error.key == key && error.message.contains(fragment)
        }
    }

    @Test func aKeyThatIsTheHookIsNoKeyOfTheKeymap() {
        let text = Self.keymap(hook: "key = \"KEY_PHONE\"\nlifted = 1\n", extraKeys: "KEY_PHONE = \"dial\"\n")
        #expect {
            try KeymapFile.parse(text: text, file: "phone.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 14 && error.key == "hook.key"
                && error.message.contains("the hook is KEY_PHONE, which [keys] also gives a role (line 12); the hook is a state, not a key")
        }
    }
}
