// SPDX-License-Identifier: Apache-2.0

/// Text written as a JSON string literal, for the small JSON documents t9dial makes a value at a
/// time (baresip's commands, `t9dial query --json`). Output written by the line, many values a
/// second, goes through Presentation's `JSONWriter`, which escapes the same characters.
public enum JSONText {
    /// `text` in double quotes, with quotes, backslashes and every control character below
    /// U+0020 escaped (`\n`, `\r`, `\t` by name, the others as `\u00XX`), and everything else
    /// as it is (UTF-8), as RFC 8259 asks.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
