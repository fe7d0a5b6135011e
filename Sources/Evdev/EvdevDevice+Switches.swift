// SPDX-License-Identifier: Apache-2.0

import CLibevdev

/// The device's switches (`EV_SW`: a lid, a jack, a phone's hook) and their state, as libevdev
/// tracks it from the state read at open and the events read since.
extension EvdevDevice {
    /// Whether the device has this switch. (libevdev_has_event_code)
    public func hasSwitch(_ code: UInt16) -> Bool {
        libevdev_has_event_code(handle, UInt32(EV_SW), UInt32(code)) == 1
    }

    /// Whether the switch is on (value 1); false for a switch the device does not have.
    /// (libevdev_get_event_value)
    public func isSwitchOn(_ code: UInt16) -> Bool {
        libevdev_get_event_value(handle, UInt32(EV_SW), UInt32(code)) != 0
    }
}
