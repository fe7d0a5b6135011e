// SPDX-License-Identifier: Apache-2.0

/// A contact as imported from a vCard or CSV file.
public struct Contact: Sendable, Hashable {
    /// The vCard UID, or one made from the source (file and position) when the card has none.
    public var uid: String
    /// The name shown: FN, else built from N, else ORG, else the first number.
    public var displayName: String
    public var name: StructuredName?
    public var nicknames: [String]
    /// The reading of the name (vCard `X-PHONETIC-FIRST-NAME`/`-LAST-NAME`, CSV "Phonetic" columns).
    public var phoneticGivenName: String?
    /// vCard `X-PHONETIC-MIDDLE-NAME`, CSV "Phonetic Middle Name".
    public var phoneticMiddleName: String?
    public var phoneticFamilyName: String?
    /// vCard 4.0 `SORT-AS` on N or ORG.
    public var sortAs: String?
    public var organization: String?
    public var numbers: [PhoneNumber]
    public var emails: [String]
    /// vCard CATEGORIES, CSV group memberships.
    public var categories: [String]
    /// Where the contact came from, for messages.
    public var source: SourceLocation

    public init(
        uid: String,
        displayName: String,
        name: StructuredName? = nil,
        nicknames: [String] = [],
        phoneticGivenName: String? = nil,
        phoneticMiddleName: String? = nil,
        phoneticFamilyName: String? = nil,
        sortAs: String? = nil,
        organization: String? = nil,
        numbers: [PhoneNumber] = [],
        emails: [String] = [],
        categories: [String] = [],
        source: SourceLocation
    ) {
        self.uid = uid
        self.displayName = displayName
        self.name = name
        self.nicknames = nicknames
        self.phoneticGivenName = phoneticGivenName
        self.phoneticMiddleName = phoneticMiddleName
        self.phoneticFamilyName = phoneticFamilyName
        self.sortAs = sortAs
        self.organization = organization
        self.numbers = numbers
        self.emails = emails
        self.categories = categories
        self.source = source
    }
}

/// The parts of a vCard N property.
public struct StructuredName: Sendable, Hashable {
    public var family: String
    public var given: String
    public var additional: String
    public var prefix: String
    public var suffix: String

    public init(family: String = "", given: String = "", additional: String = "", prefix: String = "", suffix: String = "") {
        self.family = family
        self.given = given
        self.additional = additional
        self.prefix = prefix
        self.suffix = suffix
    }
}

/// One phone number of a contact.
public struct PhoneNumber: Sendable, Hashable {
    /// The number as written in the source.
    public var value: String
    /// Lowercased types: "cell", "home", "work", "voice", "fax", "pref", or a custom label.
    public var types: [String]
    /// The label as the source wrote it, when it gave one as text (Apple's `X-ABLabel`, a
    /// Google CSV `Phone 1 - Label`): a label of its own is shown as written, not lowercased.
    public var label: String?

    public init(_ value: String, types: [String] = [], label: String? = nil) {
        self.value = value
        self.types = types
        self.label = label
    }

    public var isMobile: Bool { types.contains("cell") || types.contains("mobile") || types.contains("iphone") }
}

/// A place in an input file.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based line of the start of the card or CSV row.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// "book.vcf:12", or the file alone when the problem is the whole file (line 0).
    public var description: String { line > 0 ? "\(file):\(line)" : file }
}
