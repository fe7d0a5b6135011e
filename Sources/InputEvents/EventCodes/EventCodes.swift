// SPDX-License-Identifier: Apache-2.0

/// evdev's names for key and switch codes ("KEY_KP5", "KEY_NUMERIC_STAR", "SW_LID"), as
/// `evtest` and keymap files write them, from a table made from the kernel's
/// `linux/input-event-codes.h` (`EventCodeTable.swift`, `make event-codes`). Plain data, so a
/// config that names keys needs no libevdev.
public enum EventCodes {
    /// The code of a key or button name, aliases included, or nil when evdev has no such key.
    public static func keyCode(named name: String) -> UInt16? {
        keyCodes[name]
    }

    /// The name a key code is shown by, or nil for a code evdev does not name.
    public static func keyName(of code: UInt16) -> String? {
        keyNames[code]
    }

    /// The code of a switch name, or nil when evdev has no such switch.
    public static func switchCode(named name: String) -> UInt16? {
        switchCodes[name]
    }

    /// The name a switch code is shown by, or nil for a code evdev does not name.
    public static func switchName(of code: UInt16) -> String? {
        switchNames[code]
    }

    /// Every key name a code is shown by, in code order: what "did you mean" picks from.
    public static var shownKeyNames: [String] {
        keyNames.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Every switch name a code is shown by, in code order.
    public static var shownSwitchNames: [String] {
        switchNames.sorted { $0.key < $1.key }.map(\.value)
    }
}
