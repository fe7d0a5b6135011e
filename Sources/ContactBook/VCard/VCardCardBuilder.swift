// SPDX-License-Identifier: Apache-2.0

/// Collects the properties of one card between BEGIN:VCARD and END:VCARD and makes the
/// `Contact`. Single-valued properties keep their first non-empty occurrence.
struct VCardCardBuilder {
    /// The line of BEGIN:VCARD.
    let startLine: Int
    var formattedName: String?
    var name: StructuredName?
    var nameSortAs: String?
    var organization: String?
    var organizationSortAs: String?
    var nicknames: [String] = []
    var phoneticGivenName: String?
    var phoneticMiddleName: String?
    var phoneticFamilyName: String?
    var numbers: [PhoneNumber] = []
    /// The group of each grouped number (`item2` of `item2.TEL`), by index in `numbers`.
    var numberGroups: [(index: Int, group: String)] = []
    /// Apple's `X-ABLabel` texts by group; a label may come before or after its number.
    var groupLabels: [String: String] = [:]
    var emails: [String] = []
    var categories: [String] = []
    var uid: String?

    init(startLine: Int) {
        self.startLine = startLine
    }

    mutating func addNumber(_ number: PhoneNumber, group: String?) {
        if let group { numberGroups.append((numbers.count, group)) }
        numbers.append(number)
    }

    /// The contact, or nil when the card has nothing to show it by (no name, organization,
    /// number or email). `uidPrefix` and the start line make the UID of a card without one.
    func build(file: String, uidPrefix: String) -> Contact? {
        var numbers = numbers
        for (index, group) in numberGroups {
            guard let label = groupLabels[group] else { continue }
            if let custom = PhoneLabel.custom(label) { numbers[index].label = custom }
            for type in PhoneLabel.types(for: label) where !numbers[index].types.contains(type) {
                numbers[index].types.append(type)
            }
        }
        guard
            let displayName = DisplayNameFallback.displayName(
                formatted: formattedName, name: name, organization: organization, numbers: numbers, emails: emails
            )
        else { return nil }
        return Contact(
            uid: uid ?? "\(uidPrefix)#\(startLine)",
            displayName: displayName,
            name: name,
            nicknames: nicknames,
            phoneticGivenName: phoneticGivenName,
            phoneticMiddleName: phoneticMiddleName,
            phoneticFamilyName: phoneticFamilyName,
            sortAs: nameSortAs ?? organizationSortAs,
            organization: organization,
            numbers: numbers,
            emails: emails,
            categories: categories,
            source: SourceLocation(file: file, line: startLine)
        )
    }
}
