// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Evdev
import InputEvents

/// A device the reader has open, with what it tracks about it. A class, so the noncopyable
/// device can sit in the reader's list.
final class OpenDevice {
    var device: EvdevDevice
    let info: InputDeviceInfo
    /// How it is read, once discovery chose it.
    var choice: DeviceChoice?
    /// Keys pressed and not yet released in the events delivered, released for the caller when
    /// the device goes.
    var heldKeys: Set<UInt16> = []
    /// A grab waits for every key to be up.
    var grabPending = false

    init(device: consuming EvdevDevice, inputDirectory: String) {
        info = InputDeviceInfo(device, inputDirectory: inputDirectory)
        self.device = device
    }

    var path: String { info.path }

    /// The keys not to wait for before a grab: a key that is the hook switch stays down while
    /// the handset rests on it (or while it is lifted).
    var hookKeys: Set<UInt16> {
        guard let hook = choice?.keymap.hook, hook.type == EventType.key else { return [] }
        return [hook.code]
    }

    /// Whether `hook`'s handset is lifted, as the device says now (libevdev's state read at
    /// open, and the events read since); nil when the device has no such switch or key.
    func isLifted(_ hook: HookSwitch) -> Bool? {
        switch hook.type {
        case EventType.switch:
            guard device.hasSwitch(hook.code) else { return nil }
            return hook.isLifted(value: device.isSwitchOn(hook.code) ? 1 : 0)
        case EventType.key:
            guard device.hasKey(hook.code) else { return nil }
            return hook.isLifted(value: device.isKeyDown(hook.code) ? 1 : 0)
        default:
            return nil
        }
    }

    /// Follows presses and releases in delivered events.
    func track(_ events: [InputEvent]) {
        for event in events where event.type == EventType.key {
            if event.value == KeyValue.release {
                heldKeys.remove(event.code)
            } else {
                heldKeys.insert(event.code)
            }
        }
    }

    /// Releases of every held key, then a SYN_REPORT, at `time`; empty when none is held.
    func releases(at time: Microseconds) -> [InputEvent] {
        guard !heldKeys.isEmpty else { return [] }
        return heldKeys.sorted().map { InputEvent.key($0, KeyValue.release, at: time) }
            + [InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)]
    }
}
