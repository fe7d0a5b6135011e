// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialHistory
@testable import Presentation
import Foundation
import Glibc
import SystemCalls
import T9Search
import Testing

/// `t9dial history`'s listing: which way, how it went, how long (whole seconds), and whom as
/// the book has them now (name, and number as the book writes it), else as the call came, else
/// the number alone.
@Suite("History listing")
struct HistoryListingTests {
    static let time = Date(timeIntervalSince1970: 1_764_027_726)  // 2025-11-24 23:42:06 UTC
    /// Bob Baker, at a number written nationally; British numbers.
    static let book = HistoryBook(
        contacts: [
            Contact(
                uid: "urn:uuid:8fcc", displayName: "Bob Baker", numbers: [PhoneNumber("0121 496 0000"), PhoneNumber("07700 900456")],
                source: SourceLocation(file: "a.vcf", line: 1))
        ],
        region: DialingRegion("GB"))

    struct Case: CustomTestStringConvertible {
        var name: String
        var dial: Dial
        var text: String
        var json: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a contact in the book: its name, not its UID",
            dial: Dial(uid: "urn:uuid:8fcc", number: "07700 900456", time: time, status: .placed),
            text: "2025-11-24 23:42:06  out  placed  07700 900456  Bob Baker",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"placed","duration":null,"number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
        ),
        Case(
            name: "a contact no longer in the book: the number alone",
            dial: Dial(uid: "urn:uuid:gone", number: "01632 960000", time: time, status: .failed),
            text: "2025-11-24 23:42:06  out  failed  01632 960000",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"failed","duration":null,"number":"01632 960000","name":null,"uid":"urn:uuid:gone"}]"#
        ),
        Case(
            name: "a typed number: no name, no UID",
            dial: Dial(uid: nil, number: "999", time: time, status: .placed),
            text: "2025-11-24 23:42:06  out  placed  999",
            json: #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"placed","duration":null,"number":"999","name":null,"uid":null}]"#
        ),
        Case(
            name: "an answered call: its duration",
            dial: Dial(uid: "urn:uuid:8fcc", number: "07700 900456", time: time, status: .answered, duration: .milliseconds(67_250)),
            text: "2025-11-24 23:42:06  out  answered  1:07  07700 900456  Bob Baker",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"answered","duration":67,"number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
        ),
        Case(
            name: "a duration's fraction is dropped, as a phone's call timer drops it",
            dial: Dial(uid: nil, number: "999", time: time, status: .answered, duration: .milliseconds(4_907)),
            text: "2025-11-24 23:42:06  out  answered  0:04  999",
            json: #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"answered","duration":4,"number":"999","name":null,"uid":null}]"#
        ),
        Case(
            name: "a call hung up here before the far end rang: cancelled",
            dial: Dial(uid: "urn:uuid:8fcc", number: "07700 900456", time: time, status: .cancelled),
            text: "2025-11-24 23:42:06  out  cancelled  07700 900456  Bob Baker",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"cancelled","duration":null,"number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
        ),
        Case(
            name: "a contact's call: the number as the book writes it, not as the network sent it",
            dial: Dial(uid: "urn:uuid:8fcc", number: "+447700900456", time: time, status: .answered, direction: .incoming, duration: .seconds(5)),
            text: "2025-11-24 23:42:06  in  answered  0:05  07700 900456  Bob Baker",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"in","outcome":"answered","duration":5,"number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
        ),
        Case(
            name: "a caller the book did not know when the call rang: found by number now",
            dial: Dial(uid: nil, number: "+44 121 496 0000", time: time, status: .missed, direction: .incoming),
            text: "2025-11-24 23:42:06  in  missed  0121 496 0000  Bob Baker",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"in","outcome":"missed","duration":null,"number":"0121 496 0000","name":"Bob Baker","uid":null}]"#
        ),
        Case(
            name: "a typed number stays as typed, even when a contact has it",
            dial: Dial(uid: nil, number: "+447700900456", time: time, status: .busy),
            text: "2025-11-24 23:42:06  out  busy  +447700900456",
            json: #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"busy","duration":null,"number":"+447700900456","name":null,"uid":null}]"#
        ),
        Case(
            name: "an incoming call over an hour: h:mm:ss",
            dial: Dial(uid: "urn:uuid:8fcc", number: "07700 900456", time: time, status: .answered, direction: .incoming, duration: .seconds(3723)),
            text: "2025-11-24 23:42:06  in  answered  1:02:03  07700 900456  Bob Baker",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"in","outcome":"answered","duration":3723,"number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
        ),
        Case(
            name: "a missed call from an unknown caller: the name it came with",
            dial: Dial(uid: nil, number: "sip:sam@example.org", time: time, status: .missed, direction: .incoming, name: "Sam Sipp"),
            text: "2025-11-24 23:42:06  in  missed  sip:sam@example.org  Sam Sipp",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"in","outcome":"missed","duration":null,"number":"sip:sam@example.org","name":"Sam Sipp","uid":null}]"#
        ),
        Case(
            name: "the book's name wins over the name the call came with",
            dial: Dial(uid: "urn:uuid:8fcc", number: "07700 900456", time: time, status: .rejected, direction: .incoming, name: "BOB MOBILE"),
            text: "2025-11-24 23:42:06  in  rejected  07700 900456  Bob Baker",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"in","outcome":"rejected","duration":null,"number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
        ),
        Case(
            name: "no answer, with an empty name: the number alone",
            dial: Dial(uid: nil, number: "0121", time: time, status: .noAnswer, name: ""),
            text: "2025-11-24 23:42:06  out  no answer  0121",
            json:
                #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"no answer","duration":null,"number":"0121","name":null,"uid":null}]"#
        ),
    ]

    @Test(arguments: cases)
    func aCallIsListedWithItsNameOrItsNumberAlone(_ test: Case) throws {
        #expect(HistoryListing.text([test.dial], book: Self.book, timeZone: try #require(TimeZone(identifier: "UTC"))) == test.text)
        #expect(HistoryListing.json([test.dial], book: Self.book) == test.json)
    }

    @Test func theJSONParsesWithEveryField() throws {
        let dials = [
            Dial(uid: "urn:uuid:8fcc", number: "07700 900456", time: Self.time, status: .answered, direction: .incoming, duration: .seconds(42)),
            Dial(uid: nil, number: "0121", time: Self.time - 60, status: .busy),
        ]
        let parsed = try JSONSerialization.jsonObject(with: Data(HistoryListing.json(dials, book: Self.book).utf8))
        let calls = try #require(parsed as? [[String: Any]])
        #expect(calls.count == 2)
        #expect(calls.allSatisfy { Set($0.keys) == ["time", "direction", "outcome", "duration", "number", "name", "uid"] })
        #expect(calls[0]["direction"] as? String == "in")
        #expect(calls[0]["outcome"] as? String == "answered")
        #expect(calls[0]["duration"] as? Double == 42)
        #expect(calls[0]["name"] as? String == "Bob Baker")
        #expect(calls[1]["direction"] as? String == "out")
        #expect(calls[1]["outcome"] as? String == "busy")
        #expect(calls[1]["duration"] is NSNull)
        #expect(calls[1]["name"] is NSNull)
        #expect((calls[1]["time"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) } == Self.time - 60)
    }

    /// A call timer's way: whole seconds, minutes unpadded, hours only from an hour.
    @Test(arguments: [
        (Duration.zero, "0:00"), (.milliseconds(59_999), "0:59"), (.seconds(60), "1:00"), (.seconds(599), "9:59"),
        (.seconds(3599), "59:59"), (.seconds(3600), "1:00:00"), (.seconds(36_061), "10:01:01"), (.seconds(-5), "0:00"),
    ])
    func aDurationIsShownAsACallTimerShowsIt(duration: Duration, shown: String) {
        #expect(HistoryListing.clock(duration) == shown)
    }

    @Test(
        arguments: [
            (Duration.zero, 0), (.seconds(67), 67), (.milliseconds(67_250), 67), (.milliseconds(4_307), 4), (.milliseconds(999), 0),
            (.milliseconds(59_999), 59), (.seconds(-1), 0), (.milliseconds(-500), 0),
        ] as [(Duration, Int64)])
    func aDurationIsWholeSecondsTheFractionDropped(duration: Duration, seconds: Int64) {
        #expect(HistoryListing.wholeSeconds(duration) == seconds)
    }

    @Test func aNameWithControlCharactersIsShownNotSent() throws {
        let dial = Dial(uid: "x", number: "1", time: Self.time, status: .placed)
        let evil = HistoryBook(contacts: [Contact(uid: "x", displayName: "Evil\u{1B}[2J", source: SourceLocation(file: "a.vcf", line: 1))], region: nil)
        let text = HistoryListing.text([dial], book: evil, timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(!text.contains("\u{1B}"))
        let caller = Dial(uid: nil, number: "1", time: Self.time, status: .missed, direction: .incoming, name: "Evil\u{1B}]0;x\u{07}")
        let listed = HistoryListing.text([caller], book: HistoryBook(), timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(!listed.contains("\u{1B}") && !listed.contains("\u{07}"))
    }

    /// A history of five calls in a new folder; `body` gets it.
    private func withFiveCalls(_ body: (DialHistory) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "t9dial-listing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try DialHistory(path: folder + "/t9dial.sqlite")
        for minute in 0..<5 {
            try history.record(Dial(uid: nil, number: "0121 496 000\(minute)", time: Self.time + Double(minute * 60), status: .busy))
        }
        try body(history)
    }

    /// Written a part at a time, the listing is the same whole: every call (no limit) or the
    /// newest few, text or one JSON array, whatever the size of the parts.
    @Test(arguments: [(nil, 1), (nil, 2), (nil, 1000), (3, 2), (0, 2)] as [(Int?, Int)])
    func aListingWrittenInPartsIsTheWholeListing(limit: Int?, callsPerWrite: Int) throws {
        try withFiveCalls { history in
            let utc = try #require(TimeZone(identifier: "UTC"))
            let expected = try history.recent(limit: limit ?? 100)
            for json in [false, true] {
                var parts: [String] = []
                let listed = try HistoryListing.write(
                    history, limit: limit, json: json, book: Self.book, timeZone: utc, callsPerWrite: callsPerWrite
                ) { parts.append($0) }
                #expect(listed == expected.count)
                let whole =
                    json
                    ? HistoryListing.json(expected, book: Self.book) + "\n"
                    : HistoryListing.text(expected, book: Self.book, timeZone: utc) + (expected.isEmpty ? "" : "\n")
                #expect(parts.joined() == whole)
                #expect(parts.count == (expected.count + callsPerWrite - 1) / callsPerWrite + (json ? 1 : 0))
            }
        }
    }

    /// Output that cannot be written stops the listing, with the write's own failure.
    @Test func aFailedWriteStopsTheListing() throws {
        try withFiveCalls { history in
            var writes = 0
            let full = WriteFailure(stream: "standard output", errno: Errno(ENOSPC))
            do {
                _ = try HistoryListing.write(history, limit: nil, json: true, book: Self.book, callsPerWrite: 2) { _ throws(WriteFailure) in
                    writes += 1
                    throw full
                }
                Issue.record("no failure")
            } catch let error as HistoryListing.Failure {
                guard case .output(let failure) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(failure == full)
            }
            #expect(writes == 1)
        }
    }
}
