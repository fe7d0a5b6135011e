// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls

/// Why a character display (the kernel's charlcd, `/dev/lcd`) could not be opened or written:
/// the device, what t9dial was doing, and what to do about it.
///
/// Printed as it is: `permission denied opening /dev/lcd (EACCES): add your user to the
/// t9dial group (sudo usermod -aG t9dial $USER, then log in again) and install t9dial's udev
/// rule, which gives the group /dev/lcd`.
public struct CharacterLCDError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What t9dial was doing with the device.
    public enum Operation: String, Sendable, Hashable {
        case open = "opening"
        case write = "writing to"
    }

    public enum Reason: Sendable, Hashable {
        /// A system call failed.
        case system(Operation, Errno)
        /// The path names something other than a character device: a regular file, a folder,
        /// a FIFO (described by `what`).
        case notACharacterDevice(what: String)
    }

    /// What kind of problem it is, for callers and tests that act on it.
    public enum Kind: Sendable, Hashable {
        case noSuchDevice
        case permissionDenied
        case notACharacterDevice
        /// Another program has the display open: charlcd lets one at a time.
        case busy
        case other
    }

    /// The device, as it was named.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: Kind {
        switch reason {
        case .notACharacterDevice: return .notACharacterDevice
        case .system(_, let errno):
            switch errno.rawValue {
            case EACCES, EPERM, EROFS: return .permissionDenied
            case ENOENT, ENXIO, ENODEV: return .noSuchDevice
            case EBUSY: return .busy
            default: return .other
            }
        }
    }

    /// What went wrong, where, and how to fix it.
    public var message: String {
        switch reason {
        case .notACharacterDevice(let what):
            return "\(path) is \(what), not a character device: name the charlcd device (\"/dev/lcd\"), which the kernel's "
                + "hd44780 driver makes once its overlay is loaded (docs/board.md)"
        case .system(let operation, let errno):
            switch kind {
            case .permissionDenied:
                return "permission denied \(operation.rawValue) \(path) (\(errno.name)): add your user to the t9dial group "
                    + "(sudo usermod -aG t9dial $USER, then log in again) and install t9dial's udev rule, which gives the group "
                    + "\(path); or run as root to try it"
            case .noSuchDevice where operation == .open:
                return "no character display at \(path) (\(errno.name)): the kernel makes /dev/lcd when its hd44780 and charlcd "
                    + "drivers find the display (on a Raspberry Pi: dtoverlay=hd44780-i2c-lcd or hd44780-lcd in config.txt, "
                    + "docs/board.md); ls -l /dev/lcd shows whether it is there"
            case .noSuchDevice:
                return "\(path) went away while t9dial wrote to it (\(errno.name)): is the display still wired and its driver loaded?"
            case .busy:
                return "\(path) is open in another program (\(errno.name)): the kernel lets one program at a time draw on the "
                    + "display; stop the other one (fuser -v \(path) names it)"
            default:
                return "\(operation.rawValue) \(path) failed: \(errno.description)"
            }
        }
    }

    public var description: String { message }
}
