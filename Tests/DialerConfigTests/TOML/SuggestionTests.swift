@testable import DialerConfig
import Testing

@Suite("Suggestions")
struct SuggestionTests {
    static let keys = ["match", "region", "limit", "layouts", "data_dir"]

    @Test("Likely typos find the key meant", arguments: [
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
}
