// SPDX-License-Identifier: Apache-2.0

/// The contact attributes a query can name, and what kind of value each holds.
///
/// The names are the ones the issue lists; `**` in a query stands for every text attribute.
public enum ContactAttribute: String, CaseIterable, Sendable, Hashable {
    case displayName, givenName, familyName, nickname, organization, phoneNumbers, emailAddresses
    case lastDialed, timesDialed, starred

    /// What a comparison on the attribute compares, which decides the values it accepts.
    public enum Kind: Sendable, Hashable {
        /// Strings (one or several values), compared with wildcards and modifiers.
        case text
        /// A count.
        case number
        /// A moment in unix seconds; takes numbers and `$time` values.
        case date
        /// `true` or `false`; only `==` and `!=`.
        case boolean
    }

    public var kind: Kind {
        switch self {
        case .displayName, .givenName, .familyName, .nickname, .organization, .phoneNumbers, .emailAddresses: .text
        case .timesDialed: .number
        case .lastDialed: .date
        case .starred: .boolean
        }
    }

    /// The text attributes, which `**` stands for.
    public static let textAttributes: [ContactAttribute] = allCases.filter { $0.kind == .text }

    /// The known names, for the message of an unknown attribute.
    static let knownNames: String = allCases.map(\.rawValue).joined(separator: ", ")
}
