// SPDX-License-Identifier: Apache-2.0

public import DialHistory
public import Foundation
import TerminalText

/// The dial history as `t9dial history` lists it, newest first: when, the outcome, the number,
/// and the contact's name as the book has it now. A dial whose contact is no longer in the book
/// (or that was a typed number) shows the number alone: an old UID means nothing to a user.
public enum HistoryListing {
    /// One line per dial: `2026-11-24 23:42:06  placed  07700 900456  Bob Baker`, the local
    /// time, fields with their control characters shown.
    public static func text(_ dials: [Dial], names: [String: String], timeZone: TimeZone = .current) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        format.timeZone = timeZone
        return dials.map { dial in
            let name = dial.uid.flatMap { names[$0] }
            return ([format.string(from: dial.time), dial.status.rawValue, dial.number] + [name].compactMap { $0 })
                .map(VisibleText.line).joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// One JSON array of the dials, newest first, a whole document a program reads at once:
    /// `[{"time":"2026-11-24T23:42:06Z","outcome":"placed","number":"07700 900456","name":"Bob Baker","uid":"..."}]`,
    /// the time in UTC (RFC 3339), `name` null when the contact is not in the book now, `uid`
    /// null for a typed number.
    public static func json(_ dials: [Dial], names: [String: String]) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime]
        var json = JSONWriter()
        json.array(dials) { json, dial in
            json.object([
                ("time", { $0.string(format.string(from: dial.time)) }),
                ("outcome", { $0.string(dial.status.rawValue) }),
                ("number", { $0.string(dial.number) }),
                ("name", { $0.optionalString(dial.uid.flatMap { names[$0] }) }),
                ("uid", { $0.optionalString(dial.uid) }),
            ])
        }
        return json.output
    }
}
