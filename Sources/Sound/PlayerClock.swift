// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import struct SystemPackage.FileDescriptor

/// The time the player's thread follows a plan by, and how it sleeps: until a deadline or
/// until a cue wakes it. The player uses the monotonic clock; tests give a clock of their own,
/// so that what plays when is a plain value to check.
protocol PlayerClock: Sendable {
    /// Microseconds from some fixed start.
    func now() -> Int64
    /// Sleeps until `deadline` (nil: no deadline) or until `wake` is readable.
    func sleep(until deadline: Int64?, wake: FileDescriptor)
}

/// CLOCK_MONOTONIC, and poll(2) on the wake-up descriptor for the sleeps.
struct MonotonicClock: PlayerClock {
    func now() -> Int64 { SystemCall.monotonicMicroseconds() }

    func sleep(until deadline: Int64?, wake: FileDescriptor) {
        var timeout: Int32 = -1
        if let deadline {
            // Rounded up, so the thread never wakes just before its deadline and spins.
            let left = max(0, deadline - now())
            timeout = Int32(clamping: (left + 999) / 1000)
        }
        var entry = pollfd(fd: wake.rawValue, events: Int16(POLLIN), revents: 0)
        _ = SystemCall.poll(&entry, 1, timeout)
    }
}
