// SPDX-License-Identifier: Apache-2.0

import TerminalText

extension [QueryRecord] {
    /// The contacts as the `--json` output gives them: an array of `{"uid", "name", "numbers"}`,
    /// written here because this module has no Foundation.
    public func jsonArray() -> String {
        var out = "["
        for (index, record) in enumerated() {
            if index > 0 { out += "," }
            out += "{\"uid\":" + JSONText.quoted(record.uid)
            out += ",\"name\":" + JSONText.quoted(record.displayName)
            out += ",\"numbers\":[" + record.phoneNumbers.map(JSONText.quoted).joined(separator: ",") + "]}"
        }
        return out + "]"
    }
}
