// SPDX-License-Identifier: Apache-2.0

/// How a typed digit sequence, or text typed in multi-tap, may match a name.
public enum MatchMode: String, Sendable, Hashable, CaseIterable {
    /// Android smart-dial: digits and letters match from the start of words (and initials).
    case smart
    /// Also match digits and letters that start inside a word.
    case anywhere
}
