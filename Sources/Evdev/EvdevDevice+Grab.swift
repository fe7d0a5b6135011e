// SPDX-License-Identifier: Apache-2.0

import CLibevdev

/// Exclusive access: while grabbed, the device's keys reach no other reader, the text console
/// and a desktop included.
extension EvdevDevice {
    /// Grabs the device. Grab only when no key is down (`anyKeyDown`), or other readers see a
    /// press whose release they never get. (libevdev_grab)
    public mutating func grab() throws(EvdevError) {
        if case .failure(let error) = valueOrNegatedErrno(libevdev_grab(handle, LIBEVDEV_GRAB)) {
            throw EvdevError(path: path, errno: error, operation: .grab)
        }
        isGrabbed = true
    }

    /// Lets other readers have the device's keys again. (libevdev_grab)
    public mutating func ungrab() throws(EvdevError) {
        if case .failure(let error) = valueOrNegatedErrno(libevdev_grab(handle, LIBEVDEV_UNGRAB)) {
            throw EvdevError(path: path, errno: error, operation: .ungrab)
        }
        isGrabbed = false
    }
}
