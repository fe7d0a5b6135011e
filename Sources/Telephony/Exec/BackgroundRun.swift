// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
import BackgroundWork
import SystemCalls
public import struct SystemPackage.FileDescriptor

/// A program of the `exec` method running on a thread of its own, so the dialer's event loop,
/// which sleeps in poll, never waits for it: a `BackgroundTask` whose result is the outcome.
///
/// Start it, add `readinessDescriptor` to the loop's poll set for `POLLIN`, and when it becomes
/// readable call `outcome()`: the dial is over. (`outcome()` may also be called at any time; it
/// is nil until then.) `waitForOutcome()` blocks, for tests and one-shot commands. Dropping a
/// run still going costs nothing but the thread finishing it (bounded by the program's
/// time-out) and nobody being told.
struct BackgroundRun: ~Copyable {
    private let task: BackgroundTask<DialOutcome>

    /// Readable once the outcome is ready.
    var readinessDescriptor: FileDescriptor { task.readinessDescriptor }

    /// Starts `program.run(number, name:)` on a new thread. Fails only when the system has no
    /// descriptors left (EMFILE, ENFILE).
    init(_ program: ExecProgram, number: DialNumber, name: String = "") throws(Errno) {
        task = try BackgroundTask(name: "t9dial-dial") { program.run(number, name: name).outcome }
    }

    /// The outcome, once the dial is over; nil while it runs. Does not block.
    func outcome() -> DialOutcome? {
        task.result()
    }

    /// Blocks until the dial is over and returns its outcome.
    func waitForOutcome() -> DialOutcome {
        task.waitForResult()
    }
}
