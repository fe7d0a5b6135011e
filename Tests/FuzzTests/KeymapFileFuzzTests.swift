// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Testing

@Suite("Fuzzing keymap files")
struct KeymapFileFuzzTests {
    static let runner = FuzzRunner(
        target: "keymap",
        dictionary: [
            "[keys]\n", "name = \"x\"\n", "KEY_KP1 = \"1\"\n", "KEY_NUMERIC_STAR = \"*\"\n", "KEY_ENTER = \"dial\"\n", "0x200 = \"0\"\n",
            "65535 = \"2\"\n", "KEY_KP1 = \"1\"\nKEY_KP1 = \"2\"\n", "\"KEY_KP1\" ", "= \"delete\"", "= \"next\"", "= \"mode\"", "\"", "=",
            "\n", "[long_press]\n", "\\u0000",
        ],
        mutations: 800
    )

    @Test func keymap() {
        Self.runner.run { check, input in
            _ = ConfigFuzzChecks.check(input, file: "fuzz.toml", &check) { text throws(ConfigError) in
                try KeymapFile.parse(text: text, file: "fuzz.toml")
            }
        }
    }
}
