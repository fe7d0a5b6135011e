// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Testing

@Suite("Call log: when a call was")
struct CallTimeLabelTests {
    /// Sunday 29 November 2026, 10:30:00 UTC.
    static let now: Int64 = 1_795_948_200

    @Test(
        arguments: [
            // Today, in UTC.
            (now - 30 * 60, 0, "10:00"),
            (now - 10 * 3600 - 29 * 60, 0, "00:01"),
            // Yesterday, and the six days before today are weekdays.
            (now - 11 * 3600, 0, "Sat"),
            (now - 3 * 86_400, 0, "Thu"),
            (now - 6 * 86_400, 0, "Mon"),
            // A week ago and before: the date, with the year when it is another.
            (now - 7 * 86_400, 0, "22 Nov"),
            (now - 330 * 86_400, 0, "3 Jan"),
            (now - 365 * 86_400, 0, "29 Nov 2025"),
            // Local time: at UTC+14 it is already 00:30 on Monday, so 09:30 UTC was yesterday.
            (now - 60 * 60, 14 * 3600, "Sun"),
            // At UTC-10 it is 00:30 on Sunday: 23:00 local the day before is Saturday.
            (now - 90 * 60, -10 * 3600, "Sat"),
            // A call "in the future" (the clock was set back since) today still shows its time.
            (now + 3600, 0, "11:30"),
            (now + 2 * 86_400, 0, "1 Dec"),
        ] as [(Int64, Int, String)])
    func labels(time: Int64, offset: Int, expected: String) {
        #expect(CallTimeLabel.label(for: time, now: Self.now, utcOffset: offset) == expected)
    }

    @Test func beforeTheEpochTheDateIsStillRight() {
        // 31 December 1969, 23:00 UTC, seen from 1 January 1971.
        #expect(CallTimeLabel.label(for: -3600, now: 365 * 86_400, utcOffset: 0) == "31 Dec 1969")
    }
}
