// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import KeypadInput
public import ProcessLoop
import Synchronization
public import InputEvents

/// A clock the test moves by hand, so timeouts and slow work are tested without waiting or
/// measuring.
public final class ManualClock: Sendable {
    private let time: Mutex<Microseconds>

    public init(_ start: Microseconds) {
        time = Mutex(start)
    }

    public var now: Microseconds { time.withLock { $0 } }

    public func set(_ value: Microseconds) { time.withLock { $0 = value } }

    /// Moves the clock on by `interval`.
    public func advance(by interval: Microseconds) { time.withLock { $0 += interval } }

    public var clock: MonotonicClock { MonotonicClock { self.now } }
}
