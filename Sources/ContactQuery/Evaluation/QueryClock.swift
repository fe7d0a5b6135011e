// SPDX-License-Identifier: Apache-2.0

/// The time a query runs at, given as values because this module makes no system calls.
public struct QueryClock: Sendable, Hashable {
    /// Now, in unix seconds.
    public var now: Double
    /// The local time's offset from UTC, in seconds (3600 for UTC+1), for `$time.today`.
    /// One offset for the whole query: a daylight-saving change inside `$time.today(N)`'s span
    /// shifts its midnight by the change.
    public var utcOffset: Int

    public init(now: Double, utcOffset: Int = 0) {
        self.now = now
        self.utcOffset = utcOffset
    }

    /// The unix seconds a `$time` value stands for.
    public func resolve(_ time: QueryTime) -> Double {
        switch time {
        case .now(let seconds):
            return now + Double(seconds)
        case .today(let days):
            let offset = Double(utcOffset)
            let localMidnight = ((now + offset) / 86_400).rounded(.down) * 86_400
            return localMidnight - offset + Double(days) * 86_400
        }
    }
}
