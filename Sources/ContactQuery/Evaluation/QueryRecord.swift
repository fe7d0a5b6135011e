// SPDX-License-Identifier: Apache-2.0

/// One contact as a query sees it: the caller builds these from the contact book and the dial
/// history, so this module needs neither.
public struct QueryRecord: Sendable, Hashable {
    public var uid: String
    public var displayName: String
    public var givenName: String?
    public var familyName: String?
    public var nicknames: [String]
    public var organization: String?
    public var phoneNumbers: [String]
    public var emailAddresses: [String]
    /// When the contact was last dialled, in unix seconds; nil when never.
    public var lastDialed: Double?
    public var timesDialed: Int
    public var starred: Bool

    public init(
        uid: String, displayName: String, givenName: String? = nil, familyName: String? = nil,
        nicknames: [String] = [], organization: String? = nil, phoneNumbers: [String] = [],
        emailAddresses: [String] = [], lastDialed: Double? = nil, timesDialed: Int = 0, starred: Bool = false
    ) {
        self.uid = uid
        self.displayName = displayName
        self.givenName = givenName
        self.familyName = familyName
        self.nicknames = nicknames
        self.organization = organization
        self.phoneNumbers = phoneNumbers
        self.emailAddresses = emailAddresses
        self.lastDialed = lastDialed
        self.timesDialed = timesDialed
        self.starred = starred
    }

    /// The values of a text attribute; empty when the contact has none.
    func texts(_ attribute: ContactAttribute) -> [String] {
        switch attribute {
        case .displayName: [displayName]
        case .givenName: givenName.map { [$0] } ?? []
        case .familyName: familyName.map { [$0] } ?? []
        case .nickname: nicknames
        case .organization: organization.map { [$0] } ?? []
        case .phoneNumbers: phoneNumbers
        case .emailAddresses: emailAddresses
        case .lastDialed, .timesDialed, .starred: []
        }
    }

    /// The value of a number or date attribute; nil when it has none.
    func number(_ attribute: ContactAttribute) -> Double? {
        switch attribute {
        case .timesDialed: Double(timesDialed)
        case .lastDialed: lastDialed
        default: nil
        }
    }
}
