// SPDX-License-Identifier: Apache-2.0

import DialerConfig

/// What every TOML file parse must give: a value, or an error naming the file and a line in it.
enum ConfigFuzzChecks {
    static func check<Value>(_ input: [UInt8], file: String, _ check: inout FuzzCheck, parse: (String) throws(ConfigError) -> Value) -> Value? {
        do throws(ConfigError) {
            return try parse(input.text)
        } catch {
            check.expect(error.file == file, "error names \(error.file ?? "no file"): \(error)")
            if let line = error.line { check.expect((1...input.lineCount).contains(line), "error at line \(line) of \(input.lineCount): \(error)") }
            check.expect(!error.message.isEmpty, "an empty message")
            return nil
        }
    }
}
