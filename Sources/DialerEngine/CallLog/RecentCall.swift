// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents

/// One call of the dial history as the call log screen lists it: handed to the session as a
/// value (`DialerSession.setRecentCalls`), so the engine never reads the history itself.
public struct RecentCall: Sendable, Hashable {
    /// The contact's UID, nil for a typed number or a caller not in the book. The book's name
    /// for it is shown when the book has it.
    public var uid: String?
    /// The number as dialled, or as the caller's.
    public var number: String
    /// The name the call came with when it is not a contact's (a SIP display name); nil
    /// otherwise.
    public var name: String?
    public var direction: CallDirection
    /// How the call went, as the history keeps it ("answered", "missed", "no answer", ...):
    /// text, so an outcome a later t9dial wrote still lists.
    public var outcome: String
    /// When the call began, in unix seconds.
    public var time: Int64

    public init(uid: String? = nil, number: String, name: String? = nil, direction: CallDirection, outcome: String, time: Int64) {
        self.uid = uid
        self.number = number
        self.name = name
        self.direction = direction
        self.outcome = outcome
        self.time = time
    }

    /// Whether it rang here and nobody answered: what the missed-calls notice counts.
    public var isMissed: Bool { direction == .incoming && outcome == CallOutcome.missed.rawValue }

    /// Whether it reached someone, as far as t9dial knows: answered, or placed by a method
    /// that knows no more.
    public var wentThrough: Bool { outcome == CallOutcome.answered.rawValue || outcome == CallOutcome.placed.rawValue }
}

/// The wall clock as the session is told it: the local time at one moment of the monotonic
/// clock. The engine reads no clock, so this is how it knows what "today" is for the call
/// log's times, and a test sets it as it likes.
public struct WallClock: Sendable, Hashable {
    /// A moment of the monotonic clock (the time the session's keys and timers are given in).
    public var monotonic: Microseconds
    /// Unix seconds at that moment.
    public var unixSeconds: Int64
    /// How far local time is ahead of UTC, in seconds (negative west of Greenwich).
    public var utcOffset: Int

    public init(monotonic: Microseconds, unixSeconds: Int64, utcOffset: Int = 0) {
        self.monotonic = monotonic
        self.unixSeconds = unixSeconds
        self.utcOffset = utcOffset
    }

    /// Unix seconds at `time` of the monotonic clock.
    public func unixSeconds(at time: Microseconds) -> Int64 {
        unixSeconds + (time - monotonic) / 1_000_000
    }
}
