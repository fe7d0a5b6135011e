// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Evdev
import InputEvents

/// The three keymaps t9dial ships (Config/keymaps/), built in code so these tests do not read
/// files, and the key sets of typical devices.
enum TestKeymaps {
    static let phoneKeypad = keymap(
        "phone-keypad", digits: (0...9).map { "KEY_NUMERIC_\($0)" },
        extra: [
            "KEY_NUMERIC_STAR": .star, "KEY_NUMERIC_POUND": .pound, "KEY_ENTER": .dial,
        ])
    /// With the keys a numpad sends while its NumLock is off as second ways to type digits.
    static let usbNumpad = keymap(
        "usb-numpad", digits: (0...9).map { "KEY_KP\($0)" },
        extra: [
            "KEY_KPASTERISK": .star, "KEY_KPDOT": .pound, "KEY_KPENTER": .dial, "KEY_NUMLOCK": .ignore,
            "KEY_INSERT": .digit(0), "KEY_END": .digit(1),
        ])
    /// For keyboards, like the shipped top-row.toml: the top row and the numpad type digits.
    static let topRow: Keymap = {
        var topRow = keymap(
            "top-row", digits: (0...9).map { "KEY_\($0)" },
            extra: [
                "KEY_MINUS": .star, "KEY_EQUAL": .pound, "KEY_ENTER": .dial,
            ])
        for digit in 0...9 { topRow.roles[code("KEY_KP\(digit)")] = .digit(UInt8(digit)) }
        topRow.forKeyboards = true
        return topRow
    }()
    /// "auto": in the order discovery tries them.
    static let auto = [phoneKeypad, usbNumpad, topRow]

    static func keymap(_ id: String, digits: [String], extra: [String: KeyRole]) -> Keymap {
        var roles: [UInt16: KeyRole] = [:]
        for (digit, name) in digits.enumerated() { roles[code(name)] = .digit(UInt8(digit)) }
        for (name, role) in extra { roles[code(name)] = role }
        return Keymap(id: id, name: id, roles: roles)
    }

    static func code(_ name: String) -> UInt16 {
        guard let code = EventCodes.keyCode(named: name) else { preconditionFailure("no key \(name) in libevdev's tables") }
        return code
    }

    static func codes(_ names: [String]) -> Set<UInt16> { Set(names.map(code)) }
}

/// Key sets of devices as their drivers declare them.
enum TestDevices {
    /// A GPIO matrix keypad: KEY_NUMERIC_0..9, STAR, POUND.
    static let matrixKeypadKeys = TestKeymaps.codes((0...9).map { "KEY_NUMERIC_\($0)" } + ["KEY_NUMERIC_STAR", "KEY_NUMERIC_POUND"])
    /// A USB numpad that declares only its own keys.
    static let numpadKeys = TestKeymaps.codes(
        (0...9).map { "KEY_KP\($0)" } + [
            "KEY_KPASTERISK", "KEY_KPSLASH", "KEY_KPMINUS", "KEY_KPPLUS", "KEY_KPENTER", "KEY_KPDOT", "KEY_NUMLOCK", "KEY_BACKSPACE",
        ]
    )
    /// A full-size keyboard: letters, the top row and a numpad.
    static let keyboardKeys = TestKeymaps.codes(
        (0...9).map { "KEY_\($0)" } + (0...9).map { "KEY_KP\($0)" } + letters + ["KEY_ENTER", "KEY_SPACE", "KEY_NUMLOCK"]
    )
    /// A laptop keyboard: letters and the top row, no numpad.
    static let laptopKeys = TestKeymaps.codes((0...9).map { "KEY_\($0)" } + letters + ["KEY_ENTER", "KEY_SPACE"])
    /// The power button.
    static let powerButtonKeys = TestKeymaps.codes(["KEY_POWER"])

    static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { "KEY_\($0)" }
}
