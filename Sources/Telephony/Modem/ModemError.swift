// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls

/// A modem's serial port that cannot be used, naming the device and what to do about it.
public struct ModemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: Sendable, Hashable {
        case open, configure, write, read
    }

    public var device: String
    public var operation: Operation
    public var errno: Errno

    public init(device: String, operation: Operation, errno: Errno) {
        self.device = device
        self.operation = operation
        self.errno = errno
    }

    /// "cannot open /dev/ttyUSB2: Permission denied (EACCES); add your user to the dialout
    /// group: ..."
    public var description: String {
        let verb =
            switch operation {
            case .open: "open"
            case .configure: "set up"
            case .write: "write to"
            case .read: "read from"
            }
        return "cannot \(verb) \(device): \(errno)" + fix
    }

    /// What to do, for the usual causes.
    private var fix: String {
        switch errno.rawValue {
        case EACCES, EPERM:
            "; add your user to the dialout group (sudo usermod -aG dialout $USER) and log in again"
        case ENOENT, ENODEV, ENXIO:
            "; is the modem plugged in? ls /dev/ttyUSB* /dev/ttyACM* lists the serial ports"
        case EBUSY:
            "; another program holds it (ModemManager? stop it or give t9dial another port)"
        case ENOTTY:
            "; it is not a serial port: set [dial] device to the modem's AT port"
        case EIO:
            "; the modem went away (unplugged or reset)"
        default: ""
        }
    }
}
