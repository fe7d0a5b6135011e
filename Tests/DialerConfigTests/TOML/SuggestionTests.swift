// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("Suggestions")
struct SuggestionTests {
    static let keys = ["match", "region", "limit", "layouts", "data_dir"]

    @Test(
        "Likely typos find the key meant",
        arguments: [
            ("mach", "match"), ("Match", "match"), ("regoin", "region"), ("limt", "limit"), ("layout", "layouts"),
            ("data-dir", "data_dir"), ("datadir", "data_dir"), ("lmiit", "limit"),
        ])
    func typo(word: String, meant: String) {
        #expect(Suggestion.closest(to: word, in: Self.keys) == meant)
    }

    @Test("Unrelated words suggest nothing", arguments: ["speed", "x", "colour", "l"])
    func unrelated(word: String) {
        #expect(Suggestion.closest(to: word, in: Self.keys) == nil)
    }

    /// Found by make fuzz: a keymap key of 5,000 characters took seconds, a distance table
    /// against each of the hundreds of key names.
    @Test func aNameFarLongerThanAnyCandidateSuggestsNothingAndBuildsNoTable() {
        let long = "KEY_KP1" + String(repeating: "=", count: 100_000)
        #expect(Suggestion.closest(to: long, in: Self.keys + ["KEY_KP1"]) == nil)
        #expect(Suggestion.closest(to: "KEY_KP12", in: ["KEY_KP1"]) == "KEY_KP1")
    }
}
