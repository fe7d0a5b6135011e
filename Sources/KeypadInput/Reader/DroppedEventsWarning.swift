// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// When to warn that the kernel dropped a keypad's events (SYN_DROPPED): at once the first
/// time, then at most once a minute for each keypad, counting the overflows in between. A board
/// overloaded for hours then logs a line a minute, not one at every wake-up, and the journal
/// keeps the rest of what happened.
public struct DroppedEventsWarning: Sendable {
    /// How long after a warning further overflows of the same keypad are only counted.
    public static let quietPeriod: Microseconds = 60_000_000

    private struct Keypad: Sendable {
        var warnedAt: Microseconds
        var countedSince = 0
    }

    private var keypads: [String: Keypad] = [:]

    public init() {}

    /// The warning to log for an overflow of the keypad at `path` found at `time`, or nil when
    /// one was logged less than `quietPeriod` before (the overflow is then counted).
    public mutating func dropped(on path: String, at time: Microseconds) -> String? {
        let text =
            "\(path): events were read too late and the kernel dropped some (its buffer holds about 20 key events); "
            + "keys held are known again, but a key pressed and let go meanwhile is lost. Is the board overloaded?"
        guard var keypad = keypads[path] else {
            keypads[path] = Keypad(warnedAt: time)
            return text
        }
        guard time.subtractingReportingOverflow(keypad.warnedAt).partialValue >= Self.quietPeriod else {
            keypad.countedSince += 1
            keypads[path] = keypad
            return nil
        }
        let counted = keypad.countedSince
        keypads[path] = Keypad(warnedAt: time)
        guard counted > 0 else { return text }
        return text + " (\(counted) more \(counted == 1 ? "time" : "times") since the last warning, not logged)"
    }
}
