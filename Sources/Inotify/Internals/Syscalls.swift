// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The libc calls of the Inotify module, one line each.
enum Syscalls {
    /// A new inotify instance, non-blocking and closed on exec. (inotify_init1)
    static func inotifyInit() -> Result<FileDescriptor, Errno> {
        valueOrErrno(inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))).map(FileDescriptor.init(rawValue:))
    }

    /// Watches a path; the same path gives the same watch descriptor again. (inotify_add_watch)
    static func inotifyAddWatch(_ descriptor: FileDescriptor, _ path: String, _ mask: UInt32) -> Result<Int32, Errno> {
        valueOrErrno(inotify_add_watch(descriptor.rawValue, path, mask))
    }

    /// Stops watching. (inotify_rm_watch)
    @discardableResult
    static func inotifyRemoveWatch(_ descriptor: FileDescriptor, _ watch: Int32) -> Result<Int32, Errno> {
        valueOrErrno(inotify_rm_watch(descriptor.rawValue, watch))
    }

}
