// SPDX-License-Identifier: Apache-2.0

/// How digit keys type: T9 (each key is its digit, names match by keys) or multi-tap in one
/// layout (presses cycle that layout's letters, names match by text).
public enum InputMode: Sendable, Hashable, CustomStringConvertible {
    case t9
    /// Multi-tap offering the letters of the layout with this id ("latin", "cyrillic").
    case multiTap(layout: String)

    /// The layout multi-tap offers; nil in T9.
    public var layoutID: String? {
        guard case .multiTap(let layout) = self else { return nil }
        return layout
    }

    /// "t9" or "multitap", whatever the layout: the mode's name in JSON and the dial history.
    public var kind: String { layoutID == nil ? "t9" : "multitap" }

    public var description: String {
        switch self {
        case .t9: "t9"
        case .multiTap(let layout): "multitap " + layout
        }
    }
}
