// SPDX-License-Identifier: Apache-2.0

public import DialHistory
public import Foundation
public import SystemCalls
import TerminalText

/// The call history as `t9dial history` lists it, newest first: when, which way, how it went,
/// how long it was connected, the number, and the name.
///
/// Whom a call was with is as the book has them now (``HistoryBook``): the contact's name and
/// the number as the book writes it; else the name the call came with (a SIP display name) and
/// the number as it came; else the number alone. A UID whose contact is no longer in the book
/// is never shown: an old UID means nothing to a user.
public enum HistoryListing {
    /// One line per call: `2026-11-24 23:42:06  out  answered  1:07  07700 900456  Bob Baker`,
    /// the local time; the duration (m:ss, h:mm:ss from an hour) only for a call that was
    /// connected; fields with their control characters shown.
    public static func text(_ dials: [Dial], book: HistoryBook, timeZone: TimeZone = .current) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        format.timeZone = timeZone
        return dials.map { dial in
            let whom = book.whom(dial)
            let fields = [
                format.string(from: dial.time), dial.direction.rawValue, dial.status.rawValue, dial.duration.map(clock), whom.number, whom.name,
            ]
            return fields.compactMap { $0 }.map(VisibleText.line).joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// One JSON array of the calls, newest first, a whole document a program reads at once:
    /// `[{"time":"2026-11-24T23:42:06Z","direction":"out","outcome":"answered","duration":67,"number":"07700 900456","name":"Bob Baker","uid":"..."}]`.
    /// The time is in UTC (RFC 3339); `direction` is "out" or "in"; `duration` is in whole
    /// seconds, as the text and a phone's call log show it, null when the call was never
    /// connected or nothing followed it; `number` and `name` are as in the text, `name` null when
    /// there is none; `uid` the contact's as recorded, null for a typed number or a caller not in
    /// the book when the call came.
    public static func json(_ dials: [Dial], book: HistoryBook) -> String {
        "[" + jsonElements(dials, book: book) + "]"
    }

    /// The objects of ``json(_:book:)`` without the brackets, separated by commas: a long
    /// listing is written a part at a time.
    public static func jsonElements(_ dials: [Dial], book: HistoryBook) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime]
        var json = JSONWriter()
        for (position, dial) in dials.enumerated() {
            if position > 0 { json.raw(",") }
            let whom = book.whom(dial)
            json.object([
                ("time", { $0.string(format.string(from: dial.time)) }),
                ("direction", { $0.string(dial.direction.rawValue) }),
                ("outcome", { $0.string(dial.status.rawValue) }),
                ("duration", { $0.raw(dial.duration.map { String(wholeSeconds($0)) } ?? "null") }),
                ("number", { $0.string(whom.number) }),
                ("name", { $0.optionalString(whom.name) }),
                ("uid", { $0.optionalString(dial.uid) }),
            ])
        }
        return json.output
    }

    /// Why a listing stopped: the history could not be read, or the output not written.
    public enum Failure: Error {
        case history(DialHistoryError)
        case output(WriteFailure)
    }

    /// Lists the `limit` newest calls of `history` (every one when nil) on `output` (standard
    /// output unless a test says otherwise), as
    /// ``text(_:book:timeZone:)`` lines or one ``json(_:book:)`` array, `callsPerWrite` calls at a
    /// time, so that a history of a million calls is never held whole; returns how many were
    /// listed. The text of no call is nothing at all (the caller says so); the JSON is `[]`.
    public static func write(
        _ history: DialHistory, limit: Int?, json: Bool, book: HistoryBook, timeZone: TimeZone = .current, callsPerWrite: Int = 1_000,
        to output: (String) throws(WriteFailure) -> Void = { text throws(WriteFailure) in try StandardOutput.write(text) }
    ) throws(Failure) -> Int {
        var listed = 0
        var waiting: [Dial] = []
        var outputFailure: WriteFailure?
        func writeWaiting() -> Bool {
            guard !waiting.isEmpty else { return true }
            do {
                if json {
                    try output((listed == 0 ? "[" : ",") + jsonElements(waiting, book: book))
                } else {
                    try output(text(waiting, book: book, timeZone: timeZone) + "\n")
                }
            } catch {
                outputFailure = error
                return false
            }
            listed += waiting.count
            waiting.removeAll(keepingCapacity: true)
            return true
        }
        do {
            try history.forEachRecent(limit: limit) { dial in
                waiting.append(dial)
                return waiting.count < max(1, callsPerWrite) || writeWaiting()
            }
        } catch {
            throw .history(error)
        }
        if outputFailure == nil, writeWaiting(), json {
            do { try output(listed == 0 ? "[]\n" : "]\n") } catch { outputFailure = error }
        }
        if let outputFailure { throw .output(outputFailure) }
        return listed
    }

    /// `1:07`, `12:00`, `1:02:03`: whole seconds, as a call timer shows them.
    static func clock(_ duration: Duration) -> String {
        let total = wholeSeconds(duration)
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }

    /// The whole seconds of `duration`, the fraction dropped as a phone's call timer drops it
    /// (4.9 s is 0:04); 0 for a negative one.
    static func wholeSeconds(_ duration: Duration) -> Int64 {
        max(0, duration.components.seconds)
    }
}
