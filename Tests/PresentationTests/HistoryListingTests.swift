// SPDX-License-Identifier: Apache-2.0

import DialHistory
@testable import Presentation
import Foundation
import Testing

/// `t9dial history`'s listing: which way, how it went, how long, and names as the book has
/// them now, else as the call came, else the number alone.
@Suite("History listing")
struct HistoryListingTests {
    static let time = Date(timeIntervalSince1970: 1_764_027_726)  // 2025-11-24 23:42:06 UTC
    static let names = ["urn:uuid:8fcc": "Bob Baker"]

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
                #"[{"time":"2025-11-24T23:42:06Z","direction":"out","outcome":"answered","duration":67.25,"number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
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
        #expect(HistoryListing.text([test.dial], names: Self.names, timeZone: try #require(TimeZone(identifier: "UTC"))) == test.text)
        #expect(HistoryListing.json([test.dial], names: Self.names) == test.json)
    }

    @Test func theJSONParsesWithEveryField() throws {
        let dials = [
            Dial(uid: "urn:uuid:8fcc", number: "07700 900456", time: Self.time, status: .answered, direction: .incoming, duration: .seconds(42)),
            Dial(uid: nil, number: "0121", time: Self.time - 60, status: .busy),
        ]
        let parsed = try JSONSerialization.jsonObject(with: Data(HistoryListing.json(dials, names: Self.names).utf8))
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

    @Test(arguments: [
        (Duration.zero, "0"), (.seconds(67), "67"), (.milliseconds(67_250), "67.25"), (.milliseconds(1), "0.001"),
        (.milliseconds(100), "0.1"), (.microseconds(1_500), "0.001"), (.microseconds(999), "0"), (.seconds(-1), "0"),
    ])
    func aDurationInJSONIsSecondsToTheMillisecond(duration: Duration, json: String) {
        #expect(HistoryListing.seconds(duration) == json)
    }

    @Test func aNameWithControlCharactersIsShownNotSent() throws {
        let dial = Dial(uid: "x", number: "1", time: Self.time, status: .placed)
        let text = HistoryListing.text([dial], names: ["x": "Evil\u{1B}[2J"], timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(!text.contains("\u{1B}"))
        let caller = Dial(uid: nil, number: "1", time: Self.time, status: .missed, direction: .incoming, name: "Evil\u{1B}]0;x\u{07}")
        let listed = HistoryListing.text([caller], names: [:], timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(!listed.contains("\u{1B}") && !listed.contains("\u{07}"))
    }
}
