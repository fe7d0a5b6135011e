// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import DialHistory
import Foundation

/// The call log's calls, handed to the session as values: read once at start, then from each
/// history write, which reads the recent calls on the history's own thread after it commits
/// (`HistoryRecorder.Written.recent`), so the loop never waits for the disk for them.
extension DialerDriver {
    /// Hands `dials` (newest first) to the session as the call log's calls, with the wall
    /// clock as it is now. Returns the screen's update, if the log is shown.
    @discardableResult
    func showRecentCalls(_ dials: [Dial]) -> [DialerUpdate] {
        machine.session.setRecentCalls(dials.map(RecentCall.init), wallClock: Self.wallClock(at: clock.now()))
    }

    /// Takes in the recent calls the last of `written` read, if any.
    func takeRecentCalls(from written: [HistoryRecorder.Written], display: inout some DialerDisplay) {
        guard let recent = written.last(where: { $0.recent != nil })?.recent else { return }
        apply(showRecentCalls(recent), to: &display)
    }

    /// The local time now, at `monotonic` of the loop's clock.
    static func wallClock(at monotonic: Int64, now: Date = Date(), timeZone: TimeZone = .current) -> WallClock {
        WallClock(monotonic: monotonic, unixSeconds: Int64(now.timeIntervalSince1970.rounded(.down)), utcOffset: timeZone.secondsFromGMT(for: now))
    }
}

extension RecentCall {
    /// The call log's row of a call the history keeps.
    init(_ dial: Dial) {
        self.init(
            uid: dial.uid, number: dial.number, name: dial.name, direction: dial.direction, outcome: dial.status.rawValue,
            time: Int64(dial.time.timeIntervalSince1970.rounded(.down)))
    }
}
