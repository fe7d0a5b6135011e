// SPDX-License-Identifier: Apache-2.0

import Evdev
import Glibc
import SystemCalls

/// The libc calls of the KeypadInput module, one line each (the file system calls that
/// discovery needs), so every system call it makes is listed here. libevdev itself is
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

}
