// SPDX-License-Identifier: Apache-2.0

public import SystemCalls
public import struct SystemPackage.FileDescriptor

/// How a thread of t9dial's own wakes a loop that sleeps in poll: an eventfd, readable from
/// the first `notify()` until the loop's owner takes what it was woken for and calls `reset()`.
///
/// Any thread may notify; many notifications before the loop wakes make one wake-up. The
/// descriptor is owned here and closed when the signal goes, so it cannot be copied; threads
/// share it through the object that owns it.
public struct WakeSignal: ~Copyable, Sendable {
    /// The descriptor to poll for POLLIN.
    public let descriptor: FileDescriptor

    /// A new signal, not raised. Fails only when the process has no descriptors left.
    public init() throws(LoopError) {
        switch Syscalls.eventDescriptor() {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let error): throw LoopError(operation: "making a descriptor for threads to wake the loop with (eventfd)", errno: error)
        }
    }

    deinit { SystemCall.close(descriptor) }

    /// Raises the signal: the descriptor is readable until `reset()`. Never blocks.
    public func notify() {
        Syscalls.addOne(to: descriptor)
    }

    /// Lowers the signal. Call it before taking what was signalled, so that a notification
    /// made after the taking raises it again.
    public func reset() {
        Syscalls.resetCounter(descriptor)
    }
}
