// SPDX-License-Identifier: Apache-2.0

import CLibevdev

/// Key names as evdev writes them ("KEY_KP5", "KEY_NUMERIC_STAR") and their codes, through
/// libevdev's own tables.
public enum KeyNames {
    /// The code of a key name, or nil when evdev has no such key.
    /// (libevdev_event_code_from_name)
    public static func code(of name: String) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(EV_KEY), name)
        return code < 0 ? nil : UInt16(code)
    }

    /// The name of a key code ("KEY_KP5"), or nil. (libevdev_event_code_get_name)
    public static func name(of code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(EV_KEY), UInt32(code)).map { String(cString: $0) }
    }
}
