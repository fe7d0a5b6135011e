// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// The libc calls of the ContactWatch module beside inotify's (in the Inotify module), one
/// small wrapper each.
enum Syscalls {
    /// The working directory, or nil when it cannot be named (removed, or too deep). (getcwd)
    static func currentDirectory() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// Whether `path` names, through any links, something that is neither a regular file nor a
    /// folder: a device (`/dev/null`), a FIFO, a socket. False when nothing is there. (stat)
    static func isSpecialFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// A number the kernel shows in a /proc/sys file (fs.inotify.max_user_watches), or nil.
    /// (open, read, close)
    static func kernelSetting(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return Int(String(decoding: bytes[..<count], as: UTF8.self).filter { !$0.isWhitespace })
    }
}
