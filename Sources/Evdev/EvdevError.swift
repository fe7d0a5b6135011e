// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls

/// Why an input device could not be opened, read or grabbed: the device, the errno, and a
/// message that says what went wrong and how to fix it.
///
/// Printed as it is, `permission denied opening /dev/input/event3 (EACCES): install t9dial's
/// udev rule (udev/), or add your user to the group that owns /dev/input/event3: ls -l /dev/input/event3`.
public struct EvdevError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is, for callers that act on it (a vanished device is reopened
    /// when it comes back; a permission problem is reported once).
    public enum Kind: Sendable, Hashable {
        /// EACCES or EPERM: the user may not read the device node.
        case permissionDenied
        /// ENOENT, ENXIO or ENOTDIR: there is no device at the path.
        case noSuchDevice
        /// ENOTTY or EINVAL from the evdev ioctls: the path is not an evdev node.
        case notAnInputDevice
        /// ENODEV: the device was unplugged while open (or just before it was opened).
        case vanished
        /// EBUSY from a grab: another program holds the device's grab.
        case grabbedElsewhere
        /// Anything else, described by its errno.
        case other
    }

    /// What t9dial was doing with the device.
    public enum Operation: String, Sendable, Hashable {
        case open = "opening"
        case setClock = "setting the event clock of"
        case read = "reading"
        case grab = "grabbing"
        case ungrab = "releasing the grab of"
        case changeDescriptor = "changing the descriptor of"
    }

    /// The device node, as it was opened.
    public var path: String
    public var errno: Errno
    public var operation: Operation

    public init(path: String, errno: Errno, operation: Operation) {
        self.path = path
        self.errno = errno
        self.operation = operation
    }

    public init(path: String, errno: Int32, operation: Operation) {
        self.init(path: path, errno: Errno(errno), operation: operation)
    }

    public var kind: Kind {
        switch errno.rawValue {
        case EACCES, EPERM: .permissionDenied
        case ENOENT, ENXIO, ENOTDIR: .noSuchDevice
        case ENODEV: .vanished
        case ENOTTY: .notAnInputDevice
        case EINVAL where operation == .open || operation == .setClock: .notAnInputDevice
        case EBUSY where operation == .grab: .grabbedElsewhere
        default: .other
        }
    }

    /// What went wrong, where, and what to do about it.
    public var message: String {
        switch kind {
        case .permissionDenied:
            "permission denied \(operation.rawValue) \(path) (\(errno.name)): install t9dial's udev rule (udev/), "
                + "or add your user to the group that owns \(path): ls -l \(path)"
        case .noSuchDevice:
            "no such device: \(path) (\(errno.name)); is the keypad plugged in? "
                + "ls -l /dev/input/by-id/ lists keyboards and keypads by name, and t9dial devices lists them all"
        case .notAnInputDevice:
            "\(path) is not an input device (\(errno.name)): name an evdev node such as /dev/input/event0, "
                + "or a link in /dev/input/by-id/; t9dial devices lists them"
        case .vanished:
            "\(path) vanished (\(errno.name)): the device was unplugged or its driver removed"
        case .grabbedElsewhere:
            "cannot grab \(path): another program has grabbed it (\(errno.name)), so no keys reach t9dial; "
                + "find it with fuser -v \(path) and stop it"
        case .other:
            "\(operation.rawValue) \(path) failed: \(errno.description)"
        }
    }

    public var description: String { message }
}
