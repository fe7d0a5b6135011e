// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Testing

@Suite("Config errors")
struct ConfigErrorTests {
    @Test(
        "Printed like a compiler message, leaving out what is unknown",
        arguments: [
            (ConfigError(file: "a.toml", line: 3, key: "search.x", message: "bad"), "a.toml:3: bad"),
            (ConfigError(file: "a.toml", message: "bad"), "a.toml: bad"),
            (ConfigError(file: nil, line: 3, message: "bad"), "bad"),
        ])
    func description(error: ConfigError, text: String) {
        #expect(error.description == text)
    }
}
