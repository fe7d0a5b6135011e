// SPDX-License-Identifier: Apache-2.0

public import ProcessLoop
public import Sound
import Synchronization
public import struct SystemPackage.FileDescriptor

/// The problems the sound player's thread meets, carried to the dialer's loop: a queue and a
/// wake-up, so the player never waits for the loop and the loop shows and logs them on its
/// own thread (`DialerDriver.takeSoundReports`).
public final class SoundReports: Sendable {
    /// The news in order: a problem, or nil when every device plays again.
    private let queue = Mutex<[SoundProblem?]>([])
    private let wake: WakeSignal

    /// Fails only when the process has no descriptors left.
    public init() throws(LoopError) {
        wake = try WakeSignal()
    }

    /// Readable while problems wait to be taken; the loop waits on it (`LoopSource.sound`).
    public var descriptor: FileDescriptor { wake.descriptor }

    /// Leaves `problem` for the loop and wakes it; on the player's thread. Never blocks for
    /// long: the lock is held only to append.
    public func report(_ problem: SoundProblem) {
        queue.withLock { $0.append(problem) }
        wake.notify()
    }

    /// Leaves word that every device that failed plays again; on the player's thread.
    public func recovered() {
        queue.withLock { $0.append(nil) }
        wake.notify()
    }

    /// The news since the last time, oldest first: each problem, and nil where every device
    /// played again.
    public func take() -> [SoundProblem?] {
        wake.reset()
        return queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }
}
