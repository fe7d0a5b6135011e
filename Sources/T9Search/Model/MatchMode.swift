// SPDX-License-Identifier: Apache-2.0

/// How a typed digit sequence may match a name.
public enum MatchMode: String, Sendable, Hashable, CaseIterable {
    /// Android smart-dial: digits match from the start of words (and initials).
    case smart
    /// Also match digits that start inside a word.
    case anywhere
}
