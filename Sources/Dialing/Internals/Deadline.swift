/// A point on CLOCK_MONOTONIC that a wait must not pass, so a loop of polls keeps one time-out
/// in total rather than one per poll.
struct Deadline {
    private let nanoseconds: Int64

    /// `duration` from now.
    init(after duration: Duration) {
        let (seconds, attoseconds) = duration.components
        nanoseconds = Syscalls.monotonicNanoseconds() + seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Milliseconds left for poll, rounded up so a poll never wakes just before the deadline;
    /// 0 once it has passed.
    var millisecondsLeft: Int32 {
        let left = nanoseconds - Syscalls.monotonicNanoseconds()
        guard left > 0 else { return 0 }
        return Int32(clamping: (left + 999_999) / 1_000_000)
    }

    var hasPassed: Bool { Syscalls.monotonicNanoseconds() >= nanoseconds }
}

extension Duration {
    /// "30 s", "1.5 s", "250 ms": a time-out as a message shows it.
    var shortText: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }
}
