// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Testing

@Suite("Speed dial targets")
struct SpeedDialsTests {
    @Test(arguments: [
        ("Fred Smith", SpeedDialTarget.contact("Fred Smith", number: nil)),
        ("+44 (20) 7946-0000", .number("+44 (20) 7946-0000")),
        ("911", .number("911")),
        ("*86#", .number("*86#")),
        // A name with a digit in it is still a name; so is one with no digit.
        ("Flat 5", .contact("Flat 5", number: nil)),
        ("+", .contact("+", number: nil)),
    ])
    func aTextIsANumberWhenItIsMadeOfANumbersCharacters(text: String, expected: SpeedDialTarget) {
        #expect(SpeedDialTarget(text: text) == expected)
    }

    @Test func aNumberGivenMakesTheTextAContact() {
        #expect(SpeedDialTarget(text: "5551234", number: "home") == .contact("5551234", number: "home"))
    }

    @Test func onlyKeys2To9AreKept() {
        let dials = SpeedDials(targets: [0: .number("1"), 1: .number("2"), 2: .number("3"), 9: .number("4")], voicemail: "")
        #expect(dials.targets.keys.sorted() == [2, 9])
        #expect(dials.voicemail == nil)
    }
}
