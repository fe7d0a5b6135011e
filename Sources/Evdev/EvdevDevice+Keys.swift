// SPDX-License-Identifier: Apache-2.0

import CLibevdev

/// The device's keys and which of them are down, as libevdev tracks them from the events read.
extension EvdevDevice {
    /// The highest key code evdev defines (KEY_MAX).
    static let highestKeyCode = UInt16(KEY_MAX)

    /// Whether the device can send this key code. (libevdev_has_event_code)
    public func hasKey(_ code: UInt16) -> Bool {
        libevdev_has_event_code(handle, UInt32(EV_KEY), UInt32(code)) == 1
    }

    /// Every key code the device can send, in increasing order.
    public var keyCodes: [UInt16] {
        (0...Self.highestKeyCode).filter { hasKey($0) }
    }

    /// Whether the key is down, as of the events read so far (and the state read at open or
    /// after a SYN_DROPPED). (libevdev_get_event_value)
    public func isKeyDown(_ code: UInt16) -> Bool {
        libevdev_get_event_value(handle, UInt32(EV_KEY), UInt32(code)) != 0
    }

    /// Whether any key is down: the device must not be grabbed then, or another reader (the
    /// console) would see that key pressed and never released.
    public var anyKeyDown: Bool {
        anyKeyDown(except: [])
    }

    /// Whether any key but those of `ignored` is down: a key that is a phone's hook switch
    /// stays down for as long as the handset rests (or is lifted), and is no key to wait for.
    public func anyKeyDown(except ignored: Set<UInt16>) -> Bool {
        keyCodes.contains { !ignored.contains($0) && isKeyDown($0) }
    }
}
