// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
@testable import DialHistory

/// "2 missed" on the idle screen: missed incoming calls recorded since the user last saw them.
@Suite struct MissedCallsTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    func missed(_ number: String, at time: Date) -> Dial {
        Dial(uid: nil, number: number, time: time, status: .missed, direction: .incoming)
    }

    func withHistory(_ body: (DialHistory, String) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        try body(try DialHistory(path: path), path)
    }

    @Test func onlyMissedIncomingCallsCount() throws {
        try withHistory { history, _ in
            #expect(try history.unseenMissedCount() == 0)
            try history.record(missed("1", at: start))
            try history.record(Dial(uid: nil, number: "2", time: start + 1, status: .answered, direction: .incoming, duration: .seconds(3)))
            try history.record(Dial(uid: nil, number: "3", time: start + 2, status: .rejected, direction: .incoming))
            try history.record(Dial(uid: nil, number: "4", time: start + 3, status: .noAnswer))
            // An outgoing row saying "missed" (no t9dial writes one) is no missed call.
            try history.record(Dial(uid: nil, number: "5", time: start + 4, status: .missed))
            try history.record(missed("6", at: start + 5))
            #expect(try history.unseenMissedCount() == 2)
        }
    }

    @Test func seenCallsStaySeenAndLaterOnesCount() throws {
        try withHistory { history, path in
            try history.record(missed("1", at: start))
            try history.record(missed("2", at: start + 60))
            try history.markMissedSeen(at: start + 120)
            #expect(try history.unseenMissedCount() == 0)

            // Recorded after the mark, though it started before it (it rang while the key was
            // pressed): not seen yet.
            try history.record(missed("3", at: start + 100))
            #expect(try history.unseenMissedCount() == 1)
            #expect(try DialHistory(path: path).unseenMissedCount() == 1)
            try history.markMissedSeen(at: start + 130)
            #expect(try DialHistory(path: path).unseenMissedCount() == 0)
        }
    }

    /// A clock set back (a board without RTC before NTP) moves no call across the mark.
    @Test func theMarkIsNotATime() throws {
        try withHistory { history, _ in
            try history.record(missed("1", at: start))
            try history.markMissedSeen(at: start + 3600)
            try history.record(missed("2", at: Date(timeIntervalSince1970: 0)))
            #expect(try history.unseenMissedCount() == 1)
        }
    }

    @Test(.enabled(if: hasSQLite3, "reads the mark with sqlite3"))
    func markingWithNothingUnseenWritesNothing() throws {
        try withHistory { history, path in
            try history.markMissedSeen(at: start)
            try history.record(Dial(uid: nil, number: "1", time: start, status: .answered, direction: .incoming, duration: .seconds(1)))
            try history.markMissedSeen(at: start + 1)
            #expect(try sqlite3(path, "SELECT count(*) FROM mark") == "0")
            let id = try #require(try history.record(missed("2", at: start + 2)).id)
            try history.markMissedSeen(at: start + 3)
            #expect(try sqlite3(path, "SELECT key, dial, time FROM mark") == "missed seen|\(id)|\(Int(start.timeIntervalSince1970) + 3).0")
        }
    }

    /// Forgetting clears the mark with the calls: the ids start again, and the next missed
    /// call counts.
    @Test func forgettingClearsTheMark() throws {
        try withHistory { history, _ in
            for second in 0..<3 { try history.record(missed("\(second)", at: start + Double(second))) }
            try history.markMissedSeen(at: start + 10)
            try history.forget()
            try history.record(missed("9", at: start + 20))
            #expect(try history.unseenMissedCount() == 1)
        }
    }
}
