// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
import BackgroundWork
public import SystemCalls
public import struct SystemPackage.FileDescriptor

/// A dial running on a thread of its own, so the dialer's event loop, which sleeps in poll,
/// never waits for a program or a modem: a `BackgroundTask` whose result is the outcome.
///
/// Start it, add `readinessDescriptor` to the loop's poll set for `POLLIN`, and when it becomes
/// readable call `outcome()`: the dial is over. (`outcome()` may also be called at any time; it
/// is nil until then.) `waitForOutcome()` blocks, for tests and one-shot commands. Dropping a
/// dial still running costs nothing but the thread finishing its dial (bounded by the method's
/// time-out) and nobody being told.
public struct BackgroundDial: ~Copyable {
    private let task: BackgroundTask<DialOutcome>

    /// Readable once the outcome is ready.
    public var readinessDescriptor: FileDescriptor { task.readinessDescriptor }

    /// Starts `method.dial(number, name:)` on a new thread. Fails only when the system has no
    /// descriptors left (EMFILE, ENFILE).
    public init(_ method: some DialMethod, number: DialNumber, name: String = "") throws(Errno) {
        task = try BackgroundTask(name: "t9dial-dial") { method.dial(number, name: name) }
    }

    /// The outcome, once the dial is over; nil while it runs. Does not block.
    public func outcome() -> DialOutcome? {
        task.result()
    }

    /// Blocks until the dial is over and returns its outcome.
    public func waitForOutcome() -> DialOutcome {
        task.waitForResult()
    }
}
