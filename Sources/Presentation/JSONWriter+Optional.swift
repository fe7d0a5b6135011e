// SPDX-License-Identifier: Apache-2.0

extension JSONWriter {
    /// A string, or `null` for nil.
    package mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }
}
