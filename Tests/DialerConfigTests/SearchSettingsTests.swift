// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import T9Search
import Telephony
import Testing

@Suite("[search] settings")
struct SearchSettingsTests {
    @Test("Defaults")
    func defaults() {
        #expect(SearchSettings() == SearchSettings(match: .smart, region: nil, limit: 20, layouts: [], dataDirectory: nil))
    }

    @Test("Region codes are read in either case and kept uppercase", arguments: ["GB", "gb", "Gb"])
    func regionCase(code: String) throws {
        let configuration = try DialerConfiguration.parse(text: "[search]\nregion = \"\(code)\"\n", file: "t9dial.toml", environment: [:])
        #expect(configuration.search.region == "GB")
    }

    @Test("Every match mode of the core can be chosen", arguments: MatchMode.allCases)
    func matchModes(mode: MatchMode) throws {
        let configuration = try DialerConfiguration.parse(text: "[search]\nmatch = \"\(mode.rawValue)\"\n", file: "t9dial.toml", environment: [:])
        #expect(configuration.search.match == mode)
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[search]\nmatch = \"fuzzy\"\n", 2, "search.match", #""match" in [search] must be "smart" or "anywhere", not "fuzzy""#),
            ("[search]\nmatch = 1\n", 2, "search.match", #"must be a string, like match = "smart"; found the whole number 1"#),
            ("[search]\nlimit = 0\n", 2, "search.limit", "must be from 1 to 1000; found 0"),
            ("[search]\nlimit = -3\n", 2, "search.limit", "must be from 1 to 1000; found -3"),
            ("[search]\nlimit = 1001\n", 2, "search.limit", "must be from 1 to 1000; found 1001"),
            ("[search]\nlimit = 9223372036854775807\n", 2, "search.limit", "must be from 1 to 1000; found 9223372036854775807"),
            ("[search]\nlimit = \"20\"\n", 2, "search.limit", #"must be a whole number, like limit = 20; found the string "20""#),
            ("[search]\nlimit = 2.5\n", 2, "search.limit", "found the decimal number 2.5"),
            (
                "[search]\nregion = \"GBR\"\n", 2, "search.region",
                #"must be a two-letter ISO 3166 region code such as "GB" or "US", or "" for none; found "GBR""#
            ),
            ("[search]\nregion = \"G1\"\n", 2, "search.region", "two-letter ISO 3166 region code"),
            ("[search]\nregion = \"ZZ\"\n", 2, "search.region", #"t9dial does not know how numbers are dialled in "ZZ"; use one of "#),
            ("[search]\nlayouts = \"latin\"\n", 2, "search.layouts", #"must be a list of strings, like layouts = ["latin", "greek"]"#),
            ("[search]\nlayouts = [\"latin\", 3]\n", 2, "search.layouts", "item 2 is the whole number 3"),
            ("[search]\nlayouts = [\"latin\", \"latin\"]\n", 2, "search.layouts", #"lists "latin" twice"#),
            ("[search]\nlayouts = [\"\"]\n", 2, "search.layouts", "has an empty name"),
            ("[search]\ndata_dir = 5\n", 2, "search.data_dir", "must be a string"),
        ] as [(String, Int, String, String)]
    )
    func badValue(text: String, line: Int, key: String, fragment: String) {
        #expect {
            try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:])
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "t9dial.toml" && error.line == line && error.key == key
                && error.description.hasPrefix("t9dial.toml:\(line): ") && error.message.contains(fragment)
        }
    }
}
