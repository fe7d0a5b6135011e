// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
public import SystemCalls
public import struct SystemPackage.FileDescriptor

/// Work done on a thread of its own, so an event loop that sleeps in poll never waits for it,
/// with a descriptor the loop polls to learn it is done.
///
/// Start it, add `readinessDescriptor` to the loop's poll set for `POLLIN`, and when it becomes
/// readable take `result()` and drop the task (the descriptor stays readable). `result()` may
/// be asked at any time; it is nil until the work is done. `waitForResult()` blocks, for tests
/// and one-shot commands.
///
/// Owns the readable end of a socket pair; the thread writes one byte to the other end when the
/// result is stored, with MSG_NOSIGNAL, and closes that end itself. So dropping a task still
/// running costs nothing but the thread finishing its work unseen: no descriptor is written
/// after its owner closed it, and no SIGPIPE is raised.
public struct BackgroundTask<Value: Sendable>: ~Copyable {
    /// Readable once the result is ready.
    public let readinessDescriptor: FileDescriptor
    private let box: ResultBox<Value>

    /// Starts `work` on a new thread named `name` (as `top -H` shows it; 15 bytes at most). Fails only when the
    /// process or the system has no descriptors left (EMFILE, ENFILE).
    public init(name: String, _ work: @escaping @Sendable () -> Value) throws(Errno) {
        let ends: (FileDescriptor, FileDescriptor)
        switch Syscalls.socketPair() {
        case .success(let pair): ends = pair
        case .failure(let error): throw error
        }
        let box = ResultBox<Value>()
        let writeEnd = ends.1
        let thread = Thread {
            // Foundation keeps a name set before the start to itself; the kernel is told here.
            Syscalls.nameThisThread(name)
            box.store(work())
            var byte: UInt8 = 1
            _ = withUnsafeBytes(of: &byte) { Syscalls.sendWithoutSignal(writeEnd, $0) }
            SystemCall.close(writeEnd)
        }
        thread.name = name
        thread.start()
        readinessDescriptor = ends.0
        self.box = box
    }

    deinit {
        SystemCall.close(readinessDescriptor)
    }

    /// The result, once the work is done; nil while it runs. Does not block.
    public func result() -> Value? {
        box.value
    }

    /// Blocks until the work is done and returns its result.
    public func waitForResult() -> Value {
        while true {
            if let value = box.value { return value }
            Syscalls.waitReadable(readinessDescriptor)
        }
    }
}

/// Where the working thread leaves the result for the loop's thread.
private final class ResultBox<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    func store(_ value: Value) {
        stored.withLock { $0 = value }
    }

    var value: Value? {
        stored.withLock { $0 }
    }
}
