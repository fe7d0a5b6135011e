// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import Evdev
import InputEvents

/// A hook switch named as evdev names it, for messages.
extension HookSwitch {
    /// `SW_KEYPAD_SLIDE`, `KEY_PICKUP_PHONE`, or `EV_SW code 16` for a code evdev has no
    /// name for.
    public var evdevName: String {
        if type == EventType.switch { return EventCodes.switchName(of: code) ?? "EV_SW code \(code)" }
        return EventCodes.keyName(of: code) ?? "EV_KEY code \(code)"
    }
}
