// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
import Glibc
import ProcessLoop
import ScreenOutput
import Synchronization
import SystemCalls
import struct SystemPackage.FileDescriptor

/// Writes a character display's bytes on a thread of its own, in order, so the loop never
/// waits while charlcd clocks them out to the module (slow over an I2C backpack). The thread
/// sleeps in poll while there is nothing to write, and ends when its owner goes.
///
/// A write that fails is kept for the loop to take (`takeFailure`); the chunks queued after it
/// were worked out against cells the display may not show, so they are dropped until a fresh
/// chunk comes, one that clears the display and draws it whole.
final class LCDWriterThread {
    typealias Write = @Sendable ([UInt8]) throws(CharacterLCDError) -> Void

    private let shared: Shared
    private var task: BackgroundTask<Bool>?

    init(write: @escaping Write) throws {
        let shared = try Shared()
        self.shared = shared
        task = try BackgroundTask<Bool>(name: "t9dial-lcd") {
            shared.run(write)
            return true
        }
    }

    deinit {
        stop()
    }

    /// Queues `bytes`; `fresh` when they clear the display and draw it whole.
    func enqueue(_ bytes: [UInt8], fresh: Bool) {
        shared.state.withLock { $0.queue.append(Shared.Chunk(bytes: bytes, fresh: fresh)) }
        shared.work.notify()
    }

    /// The failure of a write since the last call, if any.
    func takeFailure() -> CharacterLCDError? {
        shared.state.withLock { state in
            defer { state.failure = nil }
            return state.failure
        }
    }

    /// Whether writes are dropped after a failure, until a fresh chunk is written.
    var isDropping: Bool { shared.state.withLock { $0.dropping } }

    /// Blocks until every queued chunk is written or dropped: as the run stops, and in tests.
    func waitUntilWritten() {
        while true {
            shared.done.reset()
            guard shared.state.withLock({ !$0.queue.isEmpty || $0.writing }) else { return }
            var entry = pollfd(fd: shared.done.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            _ = SystemCall.poll(&entry, 1, -1)
        }
    }

    /// Writes what is queued, then ends the thread.
    func stop() {
        guard task != nil else { return }
        shared.state.withLock { $0.stopping = true }
        shared.work.notify()
        _ = task?.waitForResult()
        task = nil
    }

    /// What the loop's thread and the writing thread share.
    private final class Shared: Sendable {
        struct Chunk {
            var bytes: [UInt8]
            var fresh: Bool
        }

        struct State {
            var queue: [Chunk] = []
            var writing = false
            var stopping = false
            var failure: CharacterLCDError?
            var dropping = false
        }

        let state = Mutex(State())
        /// Raised when there is something to write, or to stop.
        let work: WakeSignal
        /// Raised when the thread has written what it took.
        let done: WakeSignal

        init() throws {
            work = try WakeSignal()
            done = try WakeSignal()
        }

        func run(_ write: Write) {
            while true {
                work.reset()
                let (chunks, stopping) = state.withLock { state in
                    defer { state.queue = [] }
                    state.writing = !state.queue.isEmpty
                    return (state.queue, state.stopping)
                }
                if chunks.isEmpty {
                    if stopping { return }
                    var entry = pollfd(fd: work.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
                    _ = SystemCall.poll(&entry, 1, -1)
                    continue
                }
                for chunk in chunks {
                    if state.withLock({ $0.dropping && !chunk.fresh }) { continue }
                    do {
                        try write(chunk.bytes)
                        if chunk.fresh { state.withLock { $0.dropping = false } }
                    } catch {
                        state.withLock {
                            $0.failure = error
                            $0.dropping = true
                        }
                    }
                }
                state.withLock { $0.writing = false }
                done.notify()
            }
        }
    }
}
