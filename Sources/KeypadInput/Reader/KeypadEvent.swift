// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import Evdev
public import InputEvents

/// What the keypad reader tells its caller: devices coming and going, their events, and
/// problems to show the user.
public enum KeypadEvent: Sendable, Hashable, CustomStringConvertible {
    /// A device is read from now on, with this keymap. If it is to be grabbed, `.grabbed`
    /// follows once no key is down.
    case connected(DeviceChoice)
    /// The state of the hook switch the device's keymap names, read when the device was
    /// opened (at start, or replugged), right after `.connected`: whether the handset is
    /// lifted, or nil when the device has no such switch or key (the hook is not read).
    case hookRead(path: String, hook: HookSwitch, lifted: Bool?)
    /// A device was grabbed: its keys reach t9dial only.
    case grabbed(path: String)
    /// Events a device sent, in order, times in CLOCK_MONOTONIC microseconds.
    case input(path: String, events: [InputEvent])
    /// A device is no longer read. `releases` are key releases (then a SYN_REPORT) for the keys
    /// it held, stamped now, so the caller's idea of what is down stays true.
    case disconnected(path: String, reason: DisconnectReason, releases: [InputEvent])
    /// A device cannot be used (permission denied, grabbed by another program...). Each is
    /// reported once, not at every rescan.
    case problem(EvdevError)
    /// Nothing is being read: why, and what to check. Reported when it becomes so, and again
    /// only when the reason changes.
    case noKeypad(String)

    public var description: String {
        switch self {
        case .connected(let choice):
            "reading \(choice.info) with keymap \(choice.keymap.id): \(choice.classification.reason)"
        case .hookRead(let path, let hook, let lifted):
            switch lifted {
            case true?: "\(path): the handset is lifted (\(hook.evdevName))"
            case false?: "\(path): the handset is on its hook (\(hook.evdevName))"
            case nil:
                "\(path) has no \(hook.evdevName), which its keymap's [hook] names: the hook switch is not read; "
                    + "check the keymap, and with evtest which switch or key the hook sends"
            }
        case .grabbed(let path):
            "grabbed \(path): its keys reach only t9dial"
        case .input(let path, let events):
            "\(path): \(events.count) event\(events.count == 1 ? "" : "s")"
        case .disconnected(let path, let reason, let releases):
            "stopped reading \(path): \(reason)"
                + (releases.isEmpty ? "" : "; released \(DeviceDiscovery.count(releases.count - 1, "held key"))")
        case .problem(let error):
            error.message
        case .noKeypad(let explanation):
            explanation
        }
    }
}

/// Why a device is no longer read.
public enum DisconnectReason: Sendable, Hashable, CustomStringConvertible {
    /// It was unplugged (poll's POLLHUP or POLLERR, read's ENODEV, or its node is gone). It is
    /// read again when it comes back.
    case unplugged
    /// Another device is read instead: a dedicated keypad appeared while full keyboards were
    /// read, or the udev link now points elsewhere.
    case replaced
    /// Reading it failed.
    case failed(EvdevError)

    public var description: String {
        switch self {
        case .unplugged: "it was unplugged"
        case .replaced: "another device is read instead"
        case .failed(let error): error.message
        }
    }
}
