// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

@Suite("[dial] emergency_numbers")
struct DialerConfigurationEmergencyTests {
    static func parse(_ text: String) throws -> DialerConfiguration {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:])
    }

    @Test func theRegionsNumbersAreRead() throws {
        #expect(try Self.parse("").emergencyNumbers == [])
        #expect(try Self.parse("[dial]\nemergency_numbers = [\"000\", \"110\", \"1 12\"]\n").emergencyNumbers == ["000", "110", "1 12"])
    }

    @Test(arguments: [
        ("[dial]\nemergency_numbers = \"000\"\n", "must be a list of strings"),
        (
            "[dial]\nemergency_numbers = [\"police\"]\n",
            #"must list numbers of digits (1 to 16 characters), like emergency_numbers = ["000", "110"]; found "police""#
        ),
        ("[dial]\nemergency_numbers = [\"\"]\n", #"found """#),
        ("[dial]\nemergency_numbers = [\"12345678901234567\"]\n", "found \"12345678901234567\""),
        ("[dial]\nemergency_numbers = [\(Array(repeating: "\"1\"", count: 17).joined(separator: ", "))]\n", "may list 16 numbers at most; it has 17"),
    ])
    func aWrongListIsAnErrorAtItsLine(text: String, message: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 2 && error.key == "dial.emergency_numbers" && error.description.contains(message)
        }
    }
}
