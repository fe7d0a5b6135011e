// SPDX-License-Identifier: Apache-2.0

/// How well a query matches, best first. Results are ranked by this before anything else.
public enum MatchQuality: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// From the start of the name ("Fre" in Fred Smith), running on across words ("Fred S"),
    /// or spelling whole words exactly ("Smith").
    case namePrefix = 0
    /// Initials in order, the last word possibly a prefix: "WJS", "J Smi" in William John Smith.
    case initials
    /// From the start of a later word, ending inside a word: "Smi" in Fred Smith.
    case laterWordPrefix
    /// From the start of a number, after its country code, or in a national form.
    case numberPrefix
    /// Anywhere inside a number.
    case numberMiddle
    /// Inside a word (only with `MatchMode.anywhere`).
    case anywhere

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .namePrefix: "name prefix"
        case .initials: "initials"
        case .laterWordPrefix: "later word"
        case .numberPrefix: "number prefix"
        case .numberMiddle: "number middle"
        case .anywhere: "anywhere"
        }
    }

    public var isNameMatch: Bool { self != .numberPrefix && self != .numberMiddle }
}

/// Limits that keep the number of index keys per name bounded; the matcher uses the same ones
/// so that the index and the matcher always agree.
enum NameRules {
    /// Words past this many take no part in initials or whole-word matches.
    static let maxWords = 8
    /// At most this many single-letter initials before the final word prefix.
    static let maxInitials = 3
}
