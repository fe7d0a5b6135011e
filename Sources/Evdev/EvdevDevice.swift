// SPDX-License-Identifier: Apache-2.0

import CLibevdev
import Glibc
import SystemCalls
public import struct SystemPackage.FileDescriptor

/// An open evdev input device (`/dev/input/eventN`), read through libevdev.
///
/// It owns its file descriptor and libevdev context and frees both when it goes away, so a
/// device is never leaked or closed twice; that is why it cannot be copied. Events come out
/// stamped with CLOCK_MONOTONIC, which does not jump when NTP sets the wall clock on a board
/// with no real-time clock.
public struct EvdevDevice: ~Copyable {
    /// The path it was opened at.
    public let path: String
    /// The descriptor libevdev reads; replaced by `changeFileDescriptor(to:)`.
    var descriptor: Int32
    /// The libevdev context (`struct libevdev *`).
    let handle: OpaquePointer
    /// Whether this descriptor holds the device's grab.
    public internal(set) var isGrabbed = false
    /// An error met after some events were read in the same call, thrown by the next
    /// `readEvents()` so that those events are not lost.
    var pendingError: EvdevError?

    /// Opens the device read-only and non-blocking, reads its description and key state, and
    /// switches its event clock to CLOCK_MONOTONIC. Nothing is kept open when this throws.
    /// (open, libevdev_new_from_fd, libevdev_set_clock_id)
    public init(path: String) throws(EvdevError) {
        let descriptor: Int32
        switch SystemCall.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw EvdevError(path: path, errno: error, operation: .open)
        }
        let handle: OpaquePointer
        switch Self.newContext(descriptor) {
        case .success(let created): handle = created
        case .failure(let error):
            SystemCall.close(descriptor)
            throw EvdevError(path: path, errno: error, operation: .open)
        }
        if case .failure(let error) = Self.setMonotonicClock(handle) {
            Self.freeContext(handle)
            SystemCall.close(descriptor)
            throw EvdevError(path: path, errno: error, operation: .setClock)
        }
        self.path = path
        self.descriptor = descriptor
        self.handle = handle
    }

    deinit {
        Self.freeContext(handle)
        SystemCall.close(descriptor)
    }

    /// The descriptor to wait on in poll. It stays owned by the device: do not close it.
    public var fileDescriptor: FileDescriptor { FileDescriptor(rawValue: descriptor) }

    /// A libevdev context for an open descriptor, with the device's description and state.
    /// (libevdev_new_from_fd)
    static func newContext(_ descriptor: Int32) -> Result<OpaquePointer, Errno> {
        var handle: OpaquePointer?
        let result = libevdev_new_from_fd(descriptor, &handle)
        guard result == 0, let handle else { return .failure(Errno(result < 0 ? -result : EINVAL)) }
        return .success(handle)
    }

    /// Makes the kernel stamp this descriptor's events with CLOCK_MONOTONIC.
    /// (libevdev_set_clock_id)
    static func setMonotonicClock(_ handle: OpaquePointer) -> Result<Int32, Errno> {
        valueOrNegatedErrno(libevdev_set_clock_id(handle, CLOCK_MONOTONIC))
    }

    /// Frees a libevdev context; the descriptor stays open. (libevdev_free)
    static func freeContext(_ handle: OpaquePointer) {
        libevdev_free(handle)
    }
}
