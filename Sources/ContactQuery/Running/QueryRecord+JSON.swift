// SPDX-License-Identifier: Apache-2.0

extension [QueryRecord] {
    /// The contacts as the `--json` output gives them: an array of `{"uid", "name", "numbers"}`,
    /// written here because this module has no Foundation.
    public func jsonArray() -> String {
        var out = "["
        for (index, record) in enumerated() {
            if index > 0 { out += "," }
            out += "{\"uid\":" + Self.quoted(record.uid)
            out += ",\"name\":" + Self.quoted(record.displayName)
            out += ",\"numbers\":[" + record.phoneNumbers.map(Self.quoted).joined(separator: ",") + "]}"
        }
        return out + "]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
