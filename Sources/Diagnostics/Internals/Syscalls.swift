// SPDX-License-Identifier: Apache-2.0

import Glibc

/// The libc calls of the Diagnostics module, one line each, so every system call it makes
/// directly is listed here (the others go through Foundation or the modules below it).
enum Syscalls {
    /// The id of the group called `name`, nil when there is no such group. (getgrnam_r)
    static func groupID(named name: String) -> UInt32? {
        var entry = Glibc.group()
        var found: UnsafeMutablePointer<Glibc.group>? = nil
        var buffer = [CChar](repeating: 0, count: 1024)
        // ERANGE: the group's member list does not fit; try again with more room.
        while true {
            let status = getgrnam_r(name, &entry, &buffer, buffer.count, &found)
            guard status == ERANGE, buffer.count < 1 << 20 else { break }
            buffer = [CChar](repeating: 0, count: buffer.count * 4)
        }
        return found == nil ? nil : entry.gr_gid
    }

    /// Whether this process runs as root. (geteuid)
    static func effectiveUserIsRoot() -> Bool {
        geteuid() == 0
    }
}
