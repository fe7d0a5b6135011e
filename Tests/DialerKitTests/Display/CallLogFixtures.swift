// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import T9Search

/// The call log screen for the display tests: a real dialer handed recent calls, with the
/// call key tapped (`#`) on the empty query.
enum CallLogFixtures {
    /// Sunday 29 November 2026, 10:30 UTC, at the session's time 0.
    static let wallClock = WallClock(monotonic: 0, unixSeconds: 1_795_948_200)

    /// Newest first: a typed number at 10:00, a missed call from the contact `smith` on Friday, a
    /// call to `jones` on 3 November, an unknown caller with a SIP display name.
    static let calls = [
        RecentCall(number: "+353 1 234 5678", direction: .outgoing, outcome: "placed", time: 1_795_946_400),
        RecentCall(uid: "smith", number: "+44 7700 900123", direction: .incoming, outcome: "missed", time: 1_795_773_600),
        RecentCall(uid: "jones", number: "+1 201-555-0123", direction: .outgoing, outcome: "answered", time: 1_793_700_000),
        RecentCall(number: "+1 555 0100", name: "Front Desk", direction: .incoming, outcome: "no answer", time: 1_793_600_000),
    ]

    /// The log on a dialer over `index` with `calls`, after `#` then `keys` (`*` moves down).
    static func screen(index: SearchIndex = DisplayFixtures.index, calls: [RecentCall] = calls, keys: String = "") throws -> ScreenState {
        let session = try DialerSession(index: index)
        _ = session.setRecentCalls(calls, wallClock: wallClock)
        var time: Microseconds = 0
        for key in "#" + keys {
            let role: KeyRole = key == "*" ? .star : key == "#" ? .pound : .digit(UInt8(key.wholeNumberValue!))
            _ = session.handle(TimedGesture(time: time, gesture: .pressed(role)))
            _ = session.handle(TimedGesture(time: time + 50_000, gesture: .tapped(role)))
            time += 100_000
        }
        return session.screen
    }
}
