// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls
public import struct SystemPackage.FileDescriptor

/// SIGTERM, SIGINT and SIGHUP as a descriptor the loop waits on with everything else, so that
/// signals have one owner and no handler runs in the middle of the program.
///
/// A program that runs the loop blocks the signals first thing (`block()`, before any thread
/// is started, so every thread has them blocked); they then wait in the kernel until the loop
/// reads them here (signalfd). SIGTERM (systemd stopping the service) and SIGINT (Ctrl-C) end
/// the loop, which leaves by its normal path, putting back the terminal, the framebuffer and
/// the console; then `end(by:)` ends the process by the signal itself, so a shell sees 128 +
/// signal and systemd a clean stop. SIGHUP is what `systemctl reload` sends: the service
/// reloads; `try` ends on it as on SIGTERM (its terminal closed).
public struct SignalSource: ~Copyable {
    /// The signals read: SIGTERM, SIGINT and SIGHUP.
    public static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    public let descriptor: FileDescriptor

    /// Blocks `signals` in the calling thread and the threads it starts later. Call it in the
    /// main thread before anything else starts a thread, and only in a program that reads them
    /// with a `SignalSource`: blocked and unread, they would never end it.
    public static func block() {
        Syscalls.blockSignals(signals)
    }

    /// A descriptor for the (blocked) signals.
    public init() throws(LoopError) {
        switch Syscalls.signalDescriptor(Self.signals) {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let error): throw LoopError(operation: "reading signals (signalfd)", errno: error)
        }
    }

    deinit { SystemCall.close(descriptor) }

    /// The signals that came since the last call, in order; none when none did.
    public func received() -> [Int32] {
        Syscalls.readSignals(descriptor)
    }

    /// Ends the process by `signal`, with its default action, once the program has put back
    /// what it changed.
    public static func end(by signal: Int32) -> Never {
        Syscalls.endBySignal(signal)
    }
}
