// SPDX-License-Identifier: Apache-2.0

public import DialHistory
public import Foundation
import TerminalText

/// The call history as `t9dial history` lists it, newest first: when, which way, how it went,
/// how long it was connected, the number, and the name.
///
/// The name is the contact's as the book has it now; else the name the call came with (a SIP
/// display name); else none, and the number stands alone. A UID whose contact is no longer in
/// the book is never shown: an old UID means nothing to a user.
public enum HistoryListing {
    /// One line per call: `2026-11-24 23:42:06  out  answered  1:07  07700 900456  Bob Baker`,
    /// the local time; the duration (m:ss, h:mm:ss from an hour) only for a call that was
    /// connected; fields with their control characters shown.
    public static func text(_ dials: [Dial], names: [String: String], timeZone: TimeZone = .current) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        format.timeZone = timeZone
        return dials.map { dial in
            let fields = [
                format.string(from: dial.time), dial.direction.rawValue, dial.status.rawValue, dial.duration.map(clock),
                dial.number, shownName(of: dial, names: names),
            ]
            return fields.compactMap { $0 }.map(VisibleText.line).joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// One JSON array of the calls, newest first, a whole document a program reads at once:
    /// `[{"time":"2026-11-24T23:42:06Z","direction":"out","outcome":"answered","duration":67,"number":"07700 900456","name":"Bob Baker","uid":"..."}]`.
    /// The time is in UTC (RFC 3339); `direction` is "out" or "in"; `duration` is in seconds
    /// (to the millisecond), null when the call was never connected or nothing followed it;
    /// `name` is as in the text, null when there is none; `uid` null for a typed number or an
    /// unknown caller.
    public static func json(_ dials: [Dial], names: [String: String]) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime]
        var json = JSONWriter()
        json.array(dials) { json, dial in
            json.object([
                ("time", { $0.string(format.string(from: dial.time)) }),
                ("direction", { $0.string(dial.direction.rawValue) }),
                ("outcome", { $0.string(dial.status.rawValue) }),
                ("duration", { $0.raw(dial.duration.map(seconds) ?? "null") }),
                ("number", { $0.string(dial.number) }),
                ("name", { $0.optionalString(shownName(of: dial, names: names)) }),
                ("uid", { $0.optionalString(dial.uid) }),
            ])
        }
        return json.output
    }

    /// The contact's name by UID, else the name the call came with; nil when neither is known.
    static func shownName(of dial: Dial, names: [String: String]) -> String? {
        dial.uid.flatMap { names[$0] } ?? dial.name.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `1:07`, `12:00`, `1:02:03`: whole seconds, as a call timer shows them.
    static func clock(_ duration: Duration) -> String {
        let total = max(0, duration.components.seconds)
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }

    /// The duration as a JSON number of seconds, to the millisecond: `67`, `67.25`.
    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        guard whole >= 0 else { return "0" }
        let milliseconds = attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { return "\(whole)" }
        var fraction = String(milliseconds + 1000).dropFirst()  // "250" for 0.25 s
        while fraction.last == "0" { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
