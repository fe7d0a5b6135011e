// SPDX-License-Identifier: Apache-2.0

/// One contact found by a query.
public struct SearchResult: Sendable, Hashable {
    /// Which text of the contact matched.
    public enum Field: Sendable, Hashable {
        /// `SearchableContact.names[index]`.
        case name(Int)
        /// `SearchableContact.numbers[index]`.
        case number(Int)
    }

    /// The contact's position in the index's `contacts`.
    public var contact: Int
    public var quality: MatchQuality
    public var field: Field
    /// The number to show and dial: the matched number, or the contact's preferred number.
    public var number: Int
    /// What to highlight: half-open ranges of Unicode scalar offsets in the matched field's text.
    public var ranges: [Range<Int>]

    public init(contact: Int, quality: MatchQuality, field: Field, number: Int, ranges: [Range<Int>]) {
        self.contact = contact
        self.quality = quality
        self.field = field
        self.number = number
        self.ranges = ranges
    }
}

/// How the index searches.
public struct SearchOptions: Sendable, Hashable {
    public var mode: MatchMode
    /// The user's dialing region, for national number forms.
    public var region: DialingRegion?

    public init(mode: MatchMode = .smart, region: DialingRegion? = nil) {
        self.mode = mode
        self.region = region
    }
}
