// SPDX-License-Identifier: Apache-2.0

/// When a call was, as a phone's call log says it, in local time: `14:02` today, `Mon` in the
/// six days before, `3 Nov` earlier this year, `3 Nov 2025` before that. A call in the future
/// (the clock was set back since) is given its date, or its time when it is today.
public enum CallTimeLabel {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The label of a call at `time` (unix seconds), seen at `now`, `utcOffset` seconds ahead of UTC.
    public static func label(for time: Int64, now: Int64, utcOffset: Int) -> String {
        let local = time + Int64(utcOffset), localNow = now + Int64(utcOffset)
        let day = floorDivide(local, 86_400), today = floorDivide(localNow, 86_400)
        if day == today {
            let seconds = local - day * 86_400
            return twoDigits(seconds / 3600) + ":" + twoDigits(seconds % 3600 / 60)
        }
        if day < today, today - day < 7 {
            // 1970-01-01 was a Thursday.
            return weekdays[Int((day % 7 + 7 + 3) % 7)]
        }
        let (year, month, dayOfMonth) = civilDate(daysSinceEpoch: day)
        let (thisYear, _, _) = civilDate(daysSinceEpoch: today)
        let date = "\(dayOfMonth) \(months[month - 1])"
        return year == thisYear ? date : "\(date) \(year)"
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
