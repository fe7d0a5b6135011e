// SPDX-License-Identifier: Apache-2.0

import SystemCalls
public import InputEvents

/// Where "now" comes from, in microseconds of CLOCK_MONOTONIC: the clock evdev stamps events
/// with here and the dialer's timers count in. Tests pass a clock they move by hand.
public struct MonotonicClock: Sendable {
    public var now: @Sendable () -> Microseconds

    public init(now: @escaping @Sendable () -> Microseconds) {
        self.now = now
    }

    /// The system's CLOCK_MONOTONIC. (clock_gettime)
    public static let system = MonotonicClock { SystemCall.monotonicMicroseconds() }
}
