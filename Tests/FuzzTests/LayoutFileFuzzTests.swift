// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import T9Search
import Testing

@Suite("Fuzzing layout files")
struct LayoutFileFuzzTests {
    static let runner = FuzzRunner(
        target: "layout",
        dictionary: [
            "[keys]\n", "[expansions]\n", "name = \"x\"\n", "2 = \"abc\"\n", "0 = \"\"\n", "10 = \"z\"\n", "-1 = \"y\"\n",
            "\"ß\" = \"ss\"\n", "\u{0301}", "\"", "=", "\n", "2 = \"abc\"\n2 = \"def\"\n", "\u{1F600}", "\\u0000",
        ],
        mutations: 800
    )

    @Test func layout() {
        Self.runner.run { check, input in
            let layout = ConfigFuzzChecks.check(input, file: "fuzz.toml", &check) { text throws(ConfigError) in
                try LayoutFile.parse(text: text, file: "fuzz.toml")
            }
            guard let layout else { return }
            check.expect(layout.keys.keys.allSatisfy { $0 <= 9 }, "keys \(layout.keys.keys.sorted())")
            // Any layout a file gives must make an alphabet, and fold any text.
            let alphabet = T9Alphabet(layouts: [layout])
            _ = KeyedText(input.text, alphabet: alphabet)
        }
    }
}
