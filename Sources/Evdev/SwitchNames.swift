// SPDX-License-Identifier: Apache-2.0

import CLibevdev

/// Switch names as evdev writes them ("SW_LID", "SW_KEYPAD_SLIDE") and their codes, through
/// libevdev's own tables: the `EV_SW` counterpart of `KeyNames`.
public enum SwitchNames {
    /// The highest switch code evdev defines (SW_MAX).
    public static let highestCode = UInt16(SW_MAX)

    /// The code of a switch name, or nil when evdev has no such switch.
    /// (libevdev_event_code_from_name)
    public static func code(of name: String) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(EV_SW), name)
        return code < 0 ? nil : UInt16(code)
    }

    /// The name of a switch code ("SW_LID"), or nil. (libevdev_event_code_get_name)
    public static func name(of code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(EV_SW), UInt32(code)).map { String(cString: $0) }
    }
}
