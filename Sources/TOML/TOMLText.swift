// SPDX-License-Identifier: Apache-2.0

/// Text written the way TOML writes it, for messages that show a key or a string value.
public enum TOMLText {
    /// `text` in double quotes, with quotes, backslashes and control characters escaped as a
    /// TOML basic string escapes them, so a message shows exactly what to write.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
