// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls
public import struct SystemPackage.FileDescriptor

/// An inotify instance: the descriptor that watches files and folders and reports what
/// happens to them. Non-blocking and closed on exec, for an event loop's poll; closed when the
/// instance is dropped. Masks are Glibc's `IN_*` bits.
public struct InotifyInstance: ~Copyable {
    /// The descriptor to poll for POLLIN; owned by the instance.
    public let descriptor: FileDescriptor

    /// A new instance. Fails with EMFILE when the user has fs.inotify.max_user_instances of
    /// them or the process has no descriptors left. (inotify_init1)
    public init() throws(Errno) {
        switch Syscalls.inotifyInit() {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let error): throw error
        }
    }

    deinit {
        SystemCall.close(descriptor)
    }

    /// Watches a path, following links, and returns its watch descriptor: the same file gives
    /// the same one again, with `mask` replacing the one before. Fails with ENOSPC when the
    /// user has fs.inotify.max_user_watches watches. (inotify_add_watch)
    public func addWatch(_ path: String, mask: UInt32) -> Result<Int32, Errno> {
        Syscalls.inotifyAddWatch(descriptor, path, mask)
    }

    /// Stops a watch; an IN_IGNORED notification for it follows. (inotify_rm_watch)
    public func removeWatch(_ watch: Int32) {
        Syscalls.inotifyRemoveWatch(descriptor, watch)
    }

    /// Reads every notification waiting, without blocking. `failure` is a read that failed
    /// otherwise than by there being nothing left (the notifications before it are kept).
    /// (read)
    public func readPending() -> (notifications: [InotifyNotification], failure: Errno?) {
        // Room for many notifications a read; one with the longest name takes 16 + 256 bytes.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 8192, alignment: MemoryLayout<Int32>.alignment)
        defer { buffer.deallocate() }
        var notifications: [InotifyNotification] = []
        while true {
            switch SystemCall.read(descriptor, buffer) {
            case .success(0):
                return (notifications, nil)
            case .success(let count):
                notifications += InotifyNotification.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            case .failure(let error) where error.rawValue == EAGAIN:
                return (notifications, nil)
            case .failure(let error):
                return (notifications, error)
            }
        }
    }
}
