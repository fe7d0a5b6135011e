import Foundation
import Glibc
import Synchronization
public import SystemErrors

/// A dial running on a thread of its own, so the dialer's event loop, which sleeps in poll,
/// never waits for a program or a modem.
///
/// Start it, add `readinessDescriptor` to the loop's poll set for `POLLIN`, and when it becomes
/// readable call `outcome()`: the dial is over. (`outcome()` may also be called at any time; it
/// is nil until then.) `waitForOutcome()` blocks, for tests and one-shot commands.
///
/// Owns the readable end of a socket pair; the thread writes one byte to the other end when the
/// outcome is stored, with MSG_NOSIGNAL, so dropping a dial still running costs nothing but the
/// thread finishing its dial (bounded by the method's time-out) and nobody being told.
public struct BackgroundDial: ~Copyable {
    /// Readable once the outcome is ready.
    public let readinessDescriptor: Int32
    private let box: OutcomeBox

    /// Starts `method.dial(number, name:)` on a new thread. Fails only when the system has no
    /// descriptors left (EMFILE, ENFILE).
    public init(_ method: some DialMethod, number: DialNumber, name: String = "") throws(Errno) {
        let ends: (Int32, Int32)
        switch Syscalls.socketPair() {
        case .success(let pair): ends = pair
        case .failure(let error): throw error
        }
        let box = OutcomeBox()
        let writeEnd = ends.1
        let thread = Thread {
            let outcome = method.dial(number, name: name)
            box.store(outcome)
            var byte: UInt8 = 1
            _ = withUnsafeBytes(of: &byte) { Syscalls.sendWithoutSignal(writeEnd, $0) }
            Syscalls.close(writeEnd)
        }
        thread.name = "t9dial-dial"
        thread.start()
        readinessDescriptor = ends.0
        self.box = box
    }

    deinit {
        Syscalls.close(readinessDescriptor)
    }

    /// The outcome, once the dial is over; nil while it runs. Does not block.
    public func outcome() -> DialOutcome? {
        box.outcome
    }

    /// Blocks until the dial is over and returns its outcome.
    public func waitForOutcome() -> DialOutcome {
        while true {
            if let outcome = box.outcome { return outcome }
            _ = Syscalls.poll(readinessDescriptor, Int16(POLLIN), milliseconds: -1)
        }
    }
}

/// Where the dialing thread leaves the outcome for the loop's thread.
private final class OutcomeBox: Sendable {
    private let stored = Mutex<DialOutcome?>(nil)

    func store(_ outcome: DialOutcome) {
        stored.withLock { $0 = outcome }
    }

    var outcome: DialOutcome? {
        stored.withLock { $0 }
    }
}
