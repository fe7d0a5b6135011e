// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls

/// Why the contact sources cannot be watched for changes: what t9dial was doing, the system's
/// error, and what to do. t9dial goes on without it; the contacts are then read only at start.
public struct ContactWatchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done, with the call: "watching /home/me/contacts (inotify_add_watch)".
    public var operation: String
    public var errno: Errno
    /// The kernel setting that `errno` may be about, as sysctl names it
    /// ("fs.inotify.max_user_watches" for ENOSPC), and its value when the error happened.
    public var limitName: String?
    public var limitValue: Int?

    /// An error with the limit it may be about read from /proc/sys now.
    public init(operation: String, errno: Errno) {
        let name = Self.limitName(for: errno)
        self.init(
            operation: operation, errno: errno,
            limitValue: name.flatMap { Syscalls.kernelSetting("/proc/sys/" + $0.split(separator: ".").joined(separator: "/")) })
    }

    /// An error with the limit's value given, for tests.
    init(operation: String, errno: Errno, limitValue: Int?) {
        self.operation = operation
        self.errno = errno
        limitName = Self.limitName(for: errno)
        self.limitValue = limitName == nil ? nil : limitValue
    }

    /// "cannot watch the contacts for changes: watching /home/me/contacts (inotify_add_watch)
    /// failed: No space left on device (ENOSPC). ... Until then ..."
    public var description: String {
        "cannot watch the contacts for changes: \(operation) failed: \(errno). \(remedy)"
            + "Until then t9dial reads the contacts only when it starts; restart it after changing them."
    }

    /// What to do about it, ending with a space; empty when there is nothing particular.
    var remedy: String {
        let current = limitValue.map { " (now \($0))" } ?? ""
        switch errno.rawValue {
        case ENOSPC:
            return "The system's limit on inotify watches (fs.inotify.max_user_watches\(current)) is used up by this user's "
                + "programs. Raise it: sysctl fs.inotify.max_user_watches=524288, and keep it with that line in "
                + "/etc/sysctl.d/90-t9dial.conf. "
        case EMFILE:
            return "Either this user has as many inotify instances as allowed (fs.inotify.max_user_instances\(current)), "
                + "or t9dial has as many open files as allowed (ulimit -n). Raise the first with "
                + "sysctl fs.inotify.max_user_instances=512 (keep it in /etc/sysctl.d/90-t9dial.conf), the second with "
                + "LimitNOFILE= in the service file or ulimit -n. "
        case ENFILE:
            return "The whole system has as many open files as allowed (fs.file-max); close programs or raise it with sysctl. "
        case ENOMEM:
            return "The kernel has no memory left for watches; free some memory and restart t9dial. "
        case EACCES:
            return "This user may not read that folder; make it readable (chmod a+rx) or run t9dial as a user who can. "
        default:
            return ""
        }
    }

    /// The /proc/sys setting (as sysctl names it) that errno may be about.
    private static func limitName(for errno: Errno) -> String? {
        switch errno.rawValue {
        case ENOSPC: "fs.inotify.max_user_watches"
        case EMFILE: "fs.inotify.max_user_instances"
        default: nil
        }
    }
}
