// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

extension Syscalls {
    /// The mode of what `path` names (its type and permission bits), following a symbolic link
    /// as open does (a udev link to /dev/lcd). (stat)
    static func fileMode(_ path: String) -> Result<mode_t, Errno> {
        var status = stat()
        return stat(path, &status) == 0 ? .success(status.st_mode) : .failure(.current)
    }
}
