// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// The name to show for a contact whose source gives no formatted name (vCard FN, Google's
/// "Name"): the structured name, else the organization, else the first number, else the
/// first email; nil when there is none of these.
enum DisplayNameFallback {
    static func displayName(
        formatted: String?, name: StructuredName?, organization: String?, numbers: [PhoneNumber], emails: [String]
    ) -> String? {
        // In order, and only as far as needed: most contacts have a formatted name.
        if let text = nonBlank(formatted) { return text }
        if let name, !name.isEmpty, let text = nonBlank(name.formatted) { return text }
        if let text = nonBlank(organization) { return text }
        if let text = nonBlank(numbers.first?.value) { return text }
        if let text = nonBlank(emails.first) { return text }
        return nil
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text = text?.trimmingBlanks(), !text.isEmpty else { return nil }
        return text
    }
}
