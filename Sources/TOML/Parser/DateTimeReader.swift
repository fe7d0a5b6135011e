// SPDX-License-Identifier: Apache-2.0

/// The four date and time forms of TOML 1.0 (RFC 3339's, with a space or `T` between date and
/// time): `1979-05-27T07:32:00Z` and `-07:00` offsets, `1979-05-27T07:32:00`, `1979-05-27` and
/// `07:32:00`, with seconds, an optional fraction, and every field in its range.
enum DateTimeReader {
    /// The date or date and time `token` (`text`) at `position`, which starts with `dddd-`.
    static func dateTime(_ token: [UInt8], text: String, at position: TOMLPosition) throws(TOMLError) -> TOMLValue {
        let example = "like 1979-05-27, 1979-05-27T07:32:00 or 1979-05-27T07:32:00Z"
        guard token.count >= 10, token[7] == UInt8(ascii: "-"), token[5...6].allSatisfy(\.isDigit), token[8...9].allSatisfy(\.isDigit) else {
            throw TOMLError(at: position, "\(text) is not a valid date: a date is written YYYY-MM-DD with two-digit months and days, \(example)")
        }
        let date = try date(token[..<10], text: text, at: position)
        guard token.count > 10 else { return .localDate(date) }
        guard token[10] == UInt8(ascii: "T") || token[10] == UInt8(ascii: "t") else {
            throw TOMLError(at: position, "\(text) is not a valid date: a time must follow the date after a T or a space, \(example)")
        }
        var rest = token[11...]
        var offsetMinutes: Int?
        if let last = rest.last, last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
            offsetMinutes = 0
            rest = rest.dropLast()
        } else if let sign = rest.firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            offsetMinutes = try offset(rest[sign...], text: text, at: position)
            rest = rest[..<sign]
        }
        guard let time = time(rest) else {
            throw TOMLError(at: position, "\(text) is not a valid date and time: the time is written HH:MM:SS, \(example)")
        }
        if let offsetMinutes {
            return .offsetDateTime(TOMLOffsetDateTime(date: date, time: time, offsetMinutes: offsetMinutes))
        }
        return .localDateTime(TOMLLocalDateTime(date: date, time: time))
    }

    /// `YYYY-MM-DD`, checked to be a day of the calendar.
    private static func date(_ text: ArraySlice<UInt8>, text whole: String, at position: TOMLPosition) throws(TOMLError) -> TOMLLocalDate {
        let start = text.startIndex
        let year = number(text[start..<(start + 4)])
        let month = number(text[(start + 5)..<(start + 7)])
        let day = number(text[(start + 8)..<(start + 10)])
        guard (1...12).contains(month) else {
            throw TOMLError(at: position, "\(whole) is not a valid date: there is no month \(month); months are 01 to 12")
        }
        let days = TOMLLocalDate.days(inMonth: month, of: year)
        guard (1...days).contains(day) else {
            throw TOMLError(at: position, "\(whole) is not a valid date: month \(month) of \(year) has days 01 to \(days)")
        }
        return TOMLLocalDate(year: year, month: month, day: day)
    }

    /// `HH:MM:SS` with an optional `.fraction`, nil when it is not one or is out of range.
    static func time(_ text: ArraySlice<UInt8>) -> TOMLLocalTime? {
        let start = text.startIndex
        guard text.count >= 8, text[start + 2] == UInt8(ascii: ":"), text[start + 5] == UInt8(ascii: ":") else { return nil }
        for offset in [0, 1, 3, 4, 6, 7] where !text[start + offset].isDigit { return nil }
        let hour = number(text[start..<(start + 2)])
        let minute = number(text[(start + 3)..<(start + 5)])
        let second = number(text[(start + 6)..<(start + 8)])
        guard hour <= 23, minute <= 59, second <= 60 else { return nil }
        var fraction = ""
        if text.count > 8 {
            let digits = text[(start + 9)...]
            guard text[start + 8] == .dot, !digits.isEmpty, digits.allSatisfy(\.isDigit) else { return nil }
            fraction = String(decoding: digits, as: UTF8.self)
        }
        return TOMLLocalTime(hour: hour, minute: minute, second: second, fraction: fraction)
    }

    /// `+HH:MM` or `-HH:MM` in minutes.
    private static func offset(_ text: ArraySlice<UInt8>, text whole: String, at position: TOMLPosition) throws(TOMLError) -> Int {
        let start = text.startIndex
        guard text.count == 6, text[start + 3] == UInt8(ascii: ":"), [1, 2, 4, 5].allSatisfy({ text[start + $0].isDigit }) else {
            throw TOMLError(at: position, "\(whole) is not a valid date and time: an offset is Z or written +HH:MM or -HH:MM, like -07:00")
        }
        let hours = number(text[(start + 1)..<(start + 3)])
        let minutes = number(text[(start + 4)..<(start + 6)])
        guard hours <= 23, minutes <= 59 else {
            throw TOMLError(at: position, "\(whole) is not a valid date and time: an offset's hours are 00 to 23 and its minutes 00 to 59")
        }
        let size = hours * 60 + minutes
        return text[start] == UInt8(ascii: "-") ? -size : size
    }

    /// The decimal value of ASCII digits.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) }
    }
}
