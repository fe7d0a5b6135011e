// SPDX-License-Identifier: Apache-2.0

import Evdev
import Glibc
import SystemCalls

/// The libc calls of the KeypadInput module, one line each (the file system calls that
/// discovery needs, the input thread's priority), so every system call it makes is listed here. libevdev itself is
/// called only from the Evdev module; inotify from the Inotify module.
enum Syscalls {
    /// The path with every symbolic link and `..` resolved, or the error. (realpath)
    static func realPath(_ path: String) -> Result<String, Errno> {
        guard let resolved = Glibc.realpath(path, nil) else { return .failure(.current) }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Whether the path is a symbolic link itself. (lstat)
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// Sets the calling thread's nice value: Linux keeps one per thread, and "process 0" is the
    /// calling thread. Lowering it below the process's needs CAP_SYS_NICE or a high enough
    /// RLIMIT_NICE (systemd's LimitNICE=). (setpriority)
    static func setThreadNice(_ nice: Int32) -> Result<Int32, Errno> {
        valueOrErrno(setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice))
    }

    /// The calling thread's nice value. (getpriority)
    static func threadNice() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
}
