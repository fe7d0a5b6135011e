// SPDX-License-Identifier: Apache-2.0

import Glibc

/// A system call that failed in a way nothing can work around: what t9dial was doing, the
/// errno, and what to try. The machinery that waits (poll, signalfd) and watches (inotify)
/// fails this way; a problem with one file or device has an error of its own instead.
public struct OperationFailure: Error, Sendable, Hashable, CustomStringConvertible {
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
