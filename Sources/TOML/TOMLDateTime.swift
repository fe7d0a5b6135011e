// SPDX-License-Identifier: Apache-2.0

/// A calendar date without a time or offset, `1979-05-27`. Valid: the month is 1 to 12 and the
/// day exists in that month of that year (29 February only in leap years).
public struct TOMLLocalDate: Sendable, Hashable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `1979-05-27`, as RFC 3339 writes it.
    public var description: String { "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))" }

    /// The number of days in `month` of `year` in the proleptic Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A time of day without a date or offset, `07:32:00.999`. The fraction of a second is kept as
/// written (its digits), so that no precision is lost or invented.
public struct TOMLLocalTime: Sendable, Hashable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    /// 0 to 60: RFC 3339 allows a leap second.
    public var second: Int
    /// The digits after the decimal point of the seconds, "" when there are none.
    public var fraction: String

    public init(hour: Int, minute: Int, second: Int, fraction: String = "") {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.fraction = fraction
    }

    /// The fraction of a second in nanoseconds, digits past the ninth dropped.
    public var nanosecond: Int {
        var value = 0
        var scale = 100_000_000
        for digit in fraction.utf8.prefix(9) {
            value += Int(digit &- UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value
    }

    /// `07:32:00.999`.
    public var description: String {
        "\(digits(hour, 2)):\(digits(minute, 2)):\(digits(second, 2))" + (fraction.isEmpty ? "" : "." + fraction)
    }
}

/// A date and time of day without an offset, `1979-05-27T07:32:00`: a moment in whatever time
/// zone the reader is in.
public struct TOMLLocalDateTime: Sendable, Hashable, CustomStringConvertible {
    public var date: TOMLLocalDate
    public var time: TOMLLocalTime

    public init(date: TOMLLocalDate, time: TOMLLocalTime) {
        self.date = date
        self.time = time
    }

    /// `1979-05-27T07:32:00`.
    public var description: String { "\(date)T\(time)" }
}

/// A date and time with its offset from UTC, `1979-05-27T00:32:00-07:00`: one instant.
public struct TOMLOffsetDateTime: Sendable, Hashable, CustomStringConvertible {
    public var date: TOMLLocalDate
    public var time: TOMLLocalTime
    /// The offset from UTC in minutes, -1439 to 1439; 0 for `Z`.
    public var offsetMinutes: Int

    public init(date: TOMLLocalDate, time: TOMLLocalTime, offsetMinutes: Int) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// `1979-05-27T00:32:00-07:00`, or with `Z` for a zero offset.
    public var description: String {
        guard offsetMinutes != 0 else { return "\(date)T\(time)Z" }
        let size = abs(offsetMinutes)
        return "\(date)T\(time)\(offsetMinutes < 0 ? "-" : "+")\(digits(size / 60, 2)):\(digits(size % 60, 2))"
    }
}

/// `value` in decimal, padded with zeros to `count` digits.
private func digits(_ value: Int, _ count: Int) -> String {
    let text = String(value)
    return text.count < count ? String(repeating: "0", count: count - text.count) + text : text
}
