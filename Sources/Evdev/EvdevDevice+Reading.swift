// SPDX-License-Identifier: Apache-2.0

import CLibevdev
import Glibc
import SystemCalls
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// Reading events: everything the device has queued, with libevdev's resynchronisation after
/// the kernel's buffer overflowed (SYN_DROPPED), so no key release is ever lost.
extension EvdevDevice {
    /// Reads every event the device has queued, without blocking; call it when poll says the
    /// descriptor is readable.
    ///
    /// Reads with `LIBEVDEV_READ_FLAG_NORMAL` until there is nothing more (`-EAGAIN`). When the
    /// kernel dropped events (`SYN_DROPPED`, delivered as it is), reads on with
    /// `LIBEVDEV_READ_FLAG_SYNC` until `-EAGAIN`: libevdev then gives the difference between
    /// what was delivered and the device's state now, so a release lost in the overflow
    /// arrives. Then it reads normally again.
    ///
    /// Throws `.vanished` (ENODEV) when the device was unplugged. An error met after some
    /// events were read is thrown by the next call, after those events are returned.
    public mutating func readEvents() throws(EvdevError) -> [InputEvent] {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        var events: [InputEvent] = []
        var syncing = false
        while true {
            switch nextEvent(syncing: syncing) {
            case .event(let event, let dropped):
                events.append(event)
                if dropped { syncing = true }
            case .drained where syncing:
                syncing = false
            case .drained:
                return events
            case .failed(let errno) where errno.rawValue == EINTR:
                continue
            case .failed(let errno):
                let error = EvdevError(path: path, errno: errno, operation: .read)
                if events.isEmpty { throw error }
                pendingError = error
                return events
            }
        }
    }

    /// Whether the last `readEvents()` met an error after the events it returned: the next call
    /// throws it, so call it again at once rather than waiting for poll.
    public var hasPendingError: Bool { pendingError != nil }

    /// Reads from `newDescriptor` from now on, keeping the device's description and state, and
    /// closes the old descriptor (releasing its grab). The device takes ownership of
    /// `newDescriptor`. Tests use it to feed events through a pipe, as libevdev's own tests do.
    /// (libevdev_change_fd)
    public mutating func changeFileDescriptor(to newDescriptor: FileDescriptor) throws(EvdevError) {
        guard libevdev_change_fd(handle, newDescriptor.rawValue) == 0 else {
            throw EvdevError(path: path, errno: EBADF, operation: .changeDescriptor)
        }
        SystemCall.close(descriptor)
        descriptor = newDescriptor.rawValue
        isGrabbed = false
    }

    /// What one call of libevdev_next_event gave.
    enum NextEvent {
        /// An event; `dropped` when it is the SYN_DROPPED that starts a resynchronisation.
        case event(InputEvent, dropped: Bool)
        /// Nothing more now (-EAGAIN): in sync mode, the resynchronisation is complete.
        case drained
        case failed(Errno)
    }

    /// The next event, in normal or sync mode. (libevdev_next_event)
    func nextEvent(syncing: Bool) -> NextEvent {
        var event = input_event()
        let flags = syncing ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL
        let result = libevdev_next_event(handle, flags.rawValue, &event)
        switch result {
        case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
            return .event(InputEvent(event), dropped: false)
        case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
            return .event(InputEvent(event), dropped: !syncing)
        case -EAGAIN:
            return .drained
        default:
            return .failed(Errno(result < 0 ? -result : EIO))
        }
    }
}

extension InputEvent {
    /// An event as the kernel wrote it, its time in microseconds of the device's clock.
    init(_ event: input_event) {
        var event = event
        self.init(
            time: Microseconds(t9dial_event_microseconds(&event)),
            type: event.type,
            code: event.code,
            value: event.value
        )
    }
}
