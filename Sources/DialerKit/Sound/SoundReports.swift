// SPDX-License-Identifier: Apache-2.0

public import ProcessLoop
public import Sound
import Synchronization
public import struct SystemPackage.FileDescriptor

/// The problems the sound player's thread meets, carried to the dialer's loop: a queue and a
/// wake-up, so the player never waits for the loop and the loop shows and logs them on its
/// own thread (`DialerDriver.takeSoundReports`).
public final class SoundReports: Sendable {
    private let queue = Mutex<[SoundProblem]>([])
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

    /// The problems reported since the last time, oldest first.
    public func take() -> [SoundProblem] {
        wake.reset()
        return queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }
}
