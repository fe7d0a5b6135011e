// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import T9Search
import Testing

@Suite("Fuzzing the TOML config file")
struct ConfigFileFuzzTests {
    static let runner = FuzzRunner(
        target: "config",
        dictionary: [
            "[search]\n", "[keypad]\n", "[screen]\n", "[dial]\n", "[history]\n", "[carddav]\n", "[[", "]]", "limit = ",
            "9223372036854775807", "-9223372036854775808", "1e400", "nan", "inf", "match = \"anywhere\"\n", "region = \"GB\"\n",
            "contacts = [\"~/a.vcf\"]\n", "layouts = [\"latin\"]\n", "\"", "'''", "\"\"\"", "=", "\n", "#", "\\u0000", "\\U0010FFFF",
            "{ a = 1 }", "1979-05-27T07:32:00Z", "data_dir = \"/nonexistent\"\n", "url = \"http://u:p@host/\"\n", "a.b.c = 1\n",
        ],
        mutations: 1000
    )

    @Test func config() {
        Self.runner.run { check, input in
            let parsed = ConfigFuzzChecks.check(input, file: "fuzz.toml", &check) { text throws(ConfigError) in
                try DialerConfiguration.parse(text: text, file: "fuzz.toml", environment: ["HOME": "/home/fuzz"])
            }
            if let configuration = parsed {
                check.expect(SearchSettings.limits.contains(configuration.search.limit), "limit \(configuration.search.limit)")
                check.expect(configuration.file == "fuzz.toml", "the file is \(configuration.file ?? "none")")
            }
        }
    }

    /// `""=1979-05-7= 1` then a line of two U+FFFD: toml++ asserted in `parse_value` on it
    /// (SIGABRT); the TOML parser refuses the date, at its line and column.
    @Test func dateThenEqualsIsAnErrorAtItsLineAndColumn() throws {
        let input = try #require(FuzzRunner.corpus("config").first { $0.name == "tomlpp-value-terminator-assertion.toml" })
        let error = #expect(throws: ConfigError.self) {
            try DialerConfiguration.parse(text: input.bytes.text, file: "fuzz.toml", environment: [:])
        }
        #expect(error?.file == "fuzz.toml")
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("not valid TOML at column 4: 1979-05-7 is not a valid date") == true, "\(String(describing: error))")
    }
}
