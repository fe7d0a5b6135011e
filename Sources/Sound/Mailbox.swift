// SPDX-License-Identifier: Apache-2.0

import ProcessLoop
import Synchronization
import Tones

/// What the dialer's thread leaves for the player's: the latest cue (a new one replaces one
/// not yet taken) or the end, and the wake-up that tells the player's thread.
final class Mailbox: Sendable {
    enum Message: Sendable, Equatable {
        case cue(SoundCue)
        case shutDown
    }

    private let pending = Mutex<Message?>(nil)
    private let shutting = Atomic<Bool>(false)
    let signal: WakeSignal

    init() throws(LoopError) {
        signal = try WakeSignal()
    }

    /// Leaves a message and wakes the player's thread. Never blocks: the lock is held only to
    /// swap a value.
    func post(_ message: Message) {
        if message == .shutDown { shutting.store(true, ordering: .releasing) }
        pending.withLock { $0 = shutting.load(ordering: .acquiring) ? .shutDown : message }
        signal.notify()
    }

    /// Whether a message waits (checked between the periods of a sound).
    var hasMessage: Bool { pending.withLock { $0 != nil } }

    /// Takes the message, lowering the wake-up first, so that one posted after is not lost.
    func take() -> Message? {
        signal.reset()
        return pending.withLock { message in
            defer { message = nil }
            return message
        }
    }
}
