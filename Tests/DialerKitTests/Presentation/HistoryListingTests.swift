// SPDX-License-Identifier: Apache-2.0

import DialHistory
@testable import DialerKit
import Foundation
import Testing

/// `t9dial history`'s listing: names as the book has them now, the number alone otherwise.
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
            text: "2025-11-24 23:42:06  placed  07700 900456  Bob Baker",
            json: #"[{"time":"2025-11-24T23:42:06Z","outcome":"placed","number":"07700 900456","name":"Bob Baker","uid":"urn:uuid:8fcc"}]"#
        ),
        Case(
            name: "a contact no longer in the book: the number alone",
            dial: Dial(uid: "urn:uuid:gone", number: "01632 960000", time: time, status: .failed),
            text: "2025-11-24 23:42:06  failed  01632 960000",
            json: #"[{"time":"2025-11-24T23:42:06Z","outcome":"failed","number":"01632 960000","name":null,"uid":"urn:uuid:gone"}]"#
        ),
        Case(
            name: "a typed number: no name, no UID",
            dial: Dial(uid: nil, number: "999", time: time, status: .placed),
            text: "2025-11-24 23:42:06  placed  999",
            json: #"[{"time":"2025-11-24T23:42:06Z","outcome":"placed","number":"999","name":null,"uid":null}]"#
        ),
    ]

    @Test(arguments: cases)
    func aDialIsListedWithItsNameOrItsNumberAlone(_ test: Case) throws {
        #expect(HistoryListing.text([test.dial], names: Self.names, timeZone: try #require(TimeZone(identifier: "UTC"))) == test.text)
        #expect(HistoryListing.json([test.dial], names: Self.names) == test.json)
    }

    @Test func aNameWithControlCharactersIsShownNotSent() throws {
        let dial = Dial(uid: "x", number: "1", time: Self.time, status: .placed)
        let text = HistoryListing.text([dial], names: ["x": "Evil\u{1B}[2J"], timeZone: try #require(TimeZone(identifier: "UTC")))
        #expect(!text.contains("\u{1B}"))
    }
}
