// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import DialerEngine
import Testing

@Suite("Keymap files")
struct KeymapFileTests {
    // MARK: The shipped keymaps

    static func shipped(_ id: String) throws -> Keymap {
        try KeymapFile.load(path: "\(TestFiles.configDirectory)/keymaps/\(id).toml")
    }

    @Test(
        "The shipped keymaps load, each typing all ten digits and * and #",
        arguments: [("usb-numpad", "USB numpad"), ("phone-keypad", "Phone keypad"), ("top-row", "Keyboard top row")]
    )
    func shippedKeymapLoads(id: String, name: String) throws {
        let keymap = try Self.shipped(id)
        #expect(keymap.id == id)
        #expect(keymap.name == name)
        let roles = Set(keymap.roles.values)
        for digit in 0...9 { #expect(roles.contains(.digit(UInt8(digit))), "digit \(digit)") }
        #expect(roles.contains(.star))
        #expect(roles.contains(.pound))
        #expect(roles.contains(.dial))
    }

    @Test(
        "Keys have the meanings the issue gives them",
        arguments: [
            ("usb-numpad", "KEY_KP0", KeyRole.digit(0)), ("usb-numpad", "KEY_KP1", .digit(1)), ("usb-numpad", "KEY_KP5", .digit(5)),
            ("usb-numpad", "KEY_KP9", .digit(9)), ("usb-numpad", "KEY_KPASTERISK", .star), ("usb-numpad", "KEY_KPDOT", .pound),
            ("usb-numpad", "KEY_KPENTER", .dial), ("usb-numpad", "KEY_ENTER", .dial), ("usb-numpad", "KEY_BACKSPACE", .delete),
            ("usb-numpad", "KEY_KPPLUS", .next), ("usb-numpad", "KEY_KPMINUS", .previous), ("usb-numpad", "KEY_KPSLASH", .switchMode),
            ("usb-numpad", "KEY_NUMLOCK", .ignore),
            // NumLock off: the navigation keys type the digit printed with them.
            ("usb-numpad", "KEY_INSERT", .digit(0)), ("usb-numpad", "KEY_END", .digit(1)), ("usb-numpad", "KEY_DOWN", .digit(2)),
            ("usb-numpad", "KEY_PAGEDOWN", .digit(3)), ("usb-numpad", "KEY_LEFT", .digit(4)), ("usb-numpad", "KEY_RIGHT", .digit(6)),
            ("usb-numpad", "KEY_HOME", .digit(7)), ("usb-numpad", "KEY_UP", .digit(8)), ("usb-numpad", "KEY_PAGEUP", .digit(9)),
            ("usb-numpad", "KEY_DELETE", .pound),
            ("phone-keypad", "KEY_NUMERIC_0", .digit(0)), ("phone-keypad", "KEY_NUMERIC_7", .digit(7)),
            ("phone-keypad", "KEY_NUMERIC_STAR", .star), ("phone-keypad", "KEY_NUMERIC_POUND", .pound),
            ("phone-keypad", "KEY_OK", .dial), ("phone-keypad", "KEY_BACKSPACE", .delete),
            ("top-row", "KEY_0", .digit(0)), ("top-row", "KEY_1", .digit(1)), ("top-row", "KEY_9", .digit(9)),
            ("top-row", "KEY_MINUS", .star), ("top-row", "KEY_EQUAL", .pound), ("top-row", "KEY_KPASTERISK", .star),
            ("top-row", "KEY_ENTER", .dial), ("top-row", "KEY_KPENTER", .dial), ("top-row", "KEY_BACKSPACE", .delete),
        ] as [(String, String, KeyRole)]
    )
    func role(id: String, keyName: String, role: KeyRole) throws {
        let code = try #require(KeymapFile.code(ofKeyName: keyName))
        #expect(try Self.shipped(id).roles[code] == role)
    }

    @Test(
        "The keymaps' codes are the kernel's",
        arguments: [
            ("KEY_KP1", 79), ("KEY_NUMLOCK", 69), ("KEY_KPASTERISK", 55), ("KEY_NUMERIC_0", 0x200), ("KEY_NUMERIC_POUND", 0x20b),
            ("KEY_1", 2), ("KEY_0", 11),
        ] as [(String, UInt16)])
    func codes(keyName: String, code: UInt16) {
        #expect(KeymapFile.code(ofKeyName: keyName) == code)
    }

    // MARK: Parsing

    static let allDigits = (0...9).map { "KEY_NUMERIC_\($0) = \"\($0)\"" }.joined(separator: "\n")

    @Test("The name defaults to the id, and keys not listed mean nothing")
    func nameDefaultsToID() throws {
        let keymap = try KeymapFile.parse(text: "[keys]\n\(Self.allDigits)\n", file: "/etc/t9dial/keymaps/pad.toml")
        #expect(keymap.id == "pad")
        #expect(keymap.name == "pad")
        #expect(keymap.roles.count == 10)
        #expect(keymap.roles[0x205] == .digit(5))
        #expect(keymap.roles[79] == nil)
    }

    @Test("Every value a key may have is read", arguments: KeymapFile.allowedValues)
    func values(value: String) throws {
        let keymap = try KeymapFile.parse(text: "[keys]\n\(Self.allDigits)\nKEY_F1 = \"\(value)\"\n", file: "x.toml")
        #expect(keymap.roles[59] == KeyRole(keymapValue: value))
        #expect(keymap.roles[59]?.description == value)
    }

    @Test(
        "A bad keymap file names the line and key and says how to fix it",
        arguments: [
            ("[keys]\n\(allDigits)\nKEY_KP10 = \"1\"\n", 12, "keys.KEY_KP10", #""KEY_KP10" in [keys] is not a key name evdev knows; did you mean KEY_KP1?"#),
            ("[keys]\n\(allDigits)\nkey_kp1 = \"1\"\n", 12, "keys.key_kp1", "did you mean KEY_KP1?"),
            ("[keys]\n\(allDigits)\nENTER = \"dial\"\n", 12, "keys.ENTER", "key names are evdev's, as evtest or evemu-record print them"),
            (
                "[keys]\n\(allDigits)\nKEY_KP1 = \"one\"\n", 12, "keys.KEY_KP1",
                ##"KEY_KP1 in [keys] must be one of "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#", "dial", "delete", "next", "previous", "mode", "hangup", "ignore"; found "one""##
            ),
            ("[keys]\n\(allDigits)\nKEY_KP1 = \"Dial\"\n", 12, "keys.KEY_KP1", #"found "Dial" (did you mean "dial"?)"#),
            ("[keys]\n\(allDigits)\nKEY_KP1 = \"10\"\n", 12, "keys.KEY_KP1", #"found "10""#),
            ("[keys]\n\(allDigits)\nKEY_KP1 = 1\n", 12, "keys.KEY_KP1", #"must be a string, like KEY_KP1 = "1"; found the whole number 1"#),
            (
                "[keys]\n\(allDigits)\nBTN_A = \"dial\"\nBTN_SOUTH = \"delete\"\n", 13, "keys.BTN_SOUTH",
                "BTN_SOUTH is the same key as BTN_A (code 304), written above; give each key one line"
            ),
            (
                "name = \"Pad\"\n\n[keys]\nKEY_NUMERIC_0 = \"0\"\n", 3, "keys",
                #"[keys] gives no key for digits 1, 2, 3, 4, 5, 6, 7, 8 and 9; a keymap must type all ten digits, so add a line for each, like KEY_KP1 = "1""#
            ),
            (
                "[keys]\n" + (0...8).map { "KEY_NUMERIC_\($0) = \"\($0)\"" }.joined(separator: "\n") + "\n", 1, "keys",
                #"[keys] gives no key for digit 9; a keymap must type all ten digits"#
            ),
            ("name = \"Pad\"\n", nil, nil, #"has no [keys] table; add one with a line per key, like [keys] and then KEY_KP1 = "1""#),
            ("nmae = \"Pad\"\n[keys]\n\(allDigits)\n", 1, "nmae", #"unknown key "nmae" at the top level; did you mean "name"?"#),
            ("name = \"Pad\"\n[key]\n\(allDigits)\n", 2, "key", "unknown table [key]; did you mean [keys]?"),
            ("name = \" \"\n[keys]\n\(allDigits)\n", 1, "name", #""name" is empty"#),
            ("[keys]\n\(allDigits)\n[keys.KEY_KP1]\nx = 1\n", 12, "keys.KEY_KP1", "must be a string"),
            ("[keys\n", 1, nil, "not valid TOML"),
        ] as [(String, Int?, String?, String)]
    )
    func badFile(text: String, line: Int?, key: String?, fragment: String) {
        #expect {
            try KeymapFile.parse(text: text, file: "keymaps/pad.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "keymaps/pad.toml" && error.line == line && error.key == key && error.message.contains(fragment)
        }
    }

    @Test("Suggestions come from every key name evdev has")
    func knownKeyNames() {
        #expect(KeymapFile.knownKeyNames.contains("KEY_NUMERIC_POUND"))
        #expect(KeymapFile.knownKeyNames.contains("KEY_KP1"))
        #expect(KeymapFile.knownKeyNames.count > 500)
    }
}

@Suite("Keymaps for keyboards")
struct KeymapDevicesTests {
    @Test func onlyTheTopRowKeymapIsForKeyboardsAndItsNumpadTypesToo() throws {
        let catalog = try KeymapCatalog.load(directory: TestFiles.configDirectory + "/keymaps")
        #expect(catalog.keymaps.filter(\.forKeyboards).map(\.id) == ["top-row"])
        let topRow = try catalog.keymap(id: "top-row")
        #expect(topRow.roles[try #require(KeymapFile.code(ofKeyName: "KEY_KP5"))] == .digit(5))
        // The keyboard's arrows are not digits, as they are for a numpad with NumLock off.
        #expect(topRow.roles[try #require(KeymapFile.code(ofKeyName: "KEY_LEFT"))] == nil)
    }

    @Test func aBadDevicesValueIsRefusedWithItsLine() {
        #expect {
            try KeymapFile.parse(text: "devices = \"mice\"\n[keys]\nKEY_1 = \"1\"\n", file: "odd.toml")
        } throws: { error in
            (error as? ConfigError).map { $0.line == 1 && $0.description.contains(#"must be "keypads" (the default) or "keyboards""#) } ?? false
        }
    }
}
