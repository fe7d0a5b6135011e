// SPDX-License-Identifier: Apache-2.0

import TerminalText

extension StructuredName {
    /// Whether every part is empty (the parsers store parts trimmed).
    var isEmpty: Bool {
        family.isEmpty && given.isEmpty && additional.isEmpty && prefix.isEmpty && suffix.isEmpty
    }

    /// The name written out in reading order, "Mr. John Richter James Doe Sr.": prefix, given,
    /// additional, family and suffix, the empty ones left out. Empty when every part is.
    var formatted: String {
        [prefix, given, additional, family, suffix]
            .map { $0.trimmingBlanks() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
