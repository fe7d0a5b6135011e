// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls

/// A modem's serial port that cannot be used, naming the device and what to do about it.
public struct ModemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: Sendable, Hashable {
        case open, configure, write, read
        /// Taking the port for the line alone: another program has it (`holder`, when known).
        case lock
        /// The modem stopped answering its commands: the port is opened again.
        case answer
    }

    public var device: String
    public var operation: Operation
    public var errno: Errno
    /// Who has the port, for `.lock`, when it could be found.
    public var holder: ModemPortHolder?

    public init(device: String, operation: Operation, errno: Errno, holder: ModemPortHolder? = nil) {
        self.device = device
        self.operation = operation
        self.errno = errno
        self.holder = holder
    }

    /// "cannot open /dev/ttyUSB2: Permission denied (EACCES); add your user to the dialout
    /// group: ..."
    public var description: String {
        switch operation {
        case .lock:
            let who = holder.map { "\($0)" } ?? "another program"
            let stop =
                holder?.command == "t9dial"
                ? "; stop that t9dial (the service: sudo systemctl stop t9dial) or give this one another port" : "; stop it or give t9dial another port"
            return "\(device) is in use: \(who) has it open\(stop)"
        case .answer:
            return "the modem on \(device) does not answer AT commands (is it the modem's AT port, or has the modem hung?)"
        default:
            break
        }
        let verb =
            switch operation {
            case .open: "open"
            case .configure: "set up"
            case .write: "write to"
            case .read: "read from"
            case .lock, .answer: "use"
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
            "; another program holds it (ModemManager? see docs/calling.md for the udev line that keeps ModemManager off a port t9dial drives)"
        case ENOTTY:
            "; it is not a serial port: set [dial] device to the modem's AT port"
        case EIO:
            "; the modem went away (unplugged or reset)"
        default: ""
        }
    }
}
