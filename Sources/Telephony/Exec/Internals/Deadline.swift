// SPDX-License-Identifier: Apache-2.0

/// A point on CLOCK_MONOTONIC that a wait must not pass, so a loop of polls keeps one time-out
/// in total rather than one per poll.
struct Deadline {
    private let nanoseconds: Int64

    /// `duration` from now.
    init(after duration: Duration) {
        let (seconds, attoseconds) = duration.components
        nanoseconds = ChildSyscalls.monotonicNanoseconds() + seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Milliseconds left for poll, rounded up so a poll never wakes just before the deadline;
    /// 0 once it has passed.
    var millisecondsLeft: Int32 {
        let left = nanoseconds - ChildSyscalls.monotonicNanoseconds()
        guard left > 0 else { return 0 }
        return Int32(clamping: (left + 999_999) / 1_000_000)
    }

    var hasPassed: Bool { ChildSyscalls.monotonicNanoseconds() >= nanoseconds }
}
