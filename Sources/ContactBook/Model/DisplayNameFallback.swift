extension StructuredName {
    /// The name written out in reading order, "Mr. John Richter James Doe Sr.": prefix, given,
    /// additional, family and suffix, the empty ones left out. Empty when every part is.
    var formatted: String {
        [prefix, given, additional, family, suffix]
            .map { $0.trimmingBlanks() }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}

/// The name to show for a contact whose source gives no formatted name (vCard FN, Google's
/// "Name"): the structured name, else the organization, else the first number, else the
/// first email; nil when there is none of these.
enum DisplayNameFallback {
    static func displayName(
        formatted: String?, name: StructuredName?, organization: String?, numbers: [PhoneNumber], emails: [String]
    ) -> String? {
        // Evaluated in order and only as far as needed: most contacts have a formatted name.
        let candidates: [() -> String?] = [
            { formatted }, { name?.formatted }, { organization }, { numbers.first?.value }, { emails.first },
        ]
        for candidate in candidates {
            if let text = candidate()?.trimmingBlanks(), !text.isEmpty { return text }
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        if !Self.isBlank(first), !Self.isBlank(last) { return self }
        guard let start = scalars.firstIndex(where: { !Self.isBlank($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !Self.isBlank($0) })!
        return String(scalars[start...end])
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" : scalar.properties.isWhitespace
    }
}
