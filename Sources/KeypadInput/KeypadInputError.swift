public import Evdev
import Glibc
public import SystemCalls

/// A failure of the machinery that waits for keypads (inotify, poll), as opposed to a problem
/// with one device (`EvdevError`): what failed, the errno, and what to do.
public struct KeypadInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What t9dial was doing ("watching /dev/input for keypads being plugged in").
    public var operation: String
    public var errno: Errno

    public init(operation: String, errno: Errno) {
        self.operation = operation
        self.errno = errno
    }

    /// What went wrong, and what to try.
    public var message: String {
        let message = "\(operation) failed: \(errno.description)"
        switch errno.rawValue {
        case EMFILE, ENFILE:
            return message + "; too many open files: raise the limit (ulimit -n) or close other programs"
        case ENOSPC:
            return message + "; the inotify watch limit is reached: raise fs.inotify.max_user_watches with sysctl"
        case ENOMEM:
            return message + "; the system is out of memory"
        default:
            return message
        }
    }

    public var description: String { message }
}
