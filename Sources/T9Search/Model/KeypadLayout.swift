// SPDX-License-Identifier: Apache-2.0

/// The letters printed on a phone keypad for one script, as the user's layout file gives them.
///
/// Several layouts are active at once (Latin, Cyrillic and Greek by default), so a name in any
/// of those scripts can be typed without switching. Layouts are data: `Config/layouts/*.toml`.
public struct KeypadLayout: Sendable, Hashable {
    /// A short identifier, the layout file's name without extension ("latin").
    public var id: String
    /// A name for people ("Latin (ITU E.161)").
    public var name: String
    /// The letters on each digit key, lowercase, in the order multi-tap offers them.
    public var keys: [UInt8: [Unicode.Scalar]]
    /// Letters that are spelled as several letters of the layout when typed (ß is "ss").
    public var expansions: [Unicode.Scalar: [Unicode.Scalar]]

    public init(
        id: String,
        name: String,
        keys: [UInt8: [Unicode.Scalar]],
        expansions: [Unicode.Scalar: [Unicode.Scalar]] = [:]
    ) {
        self.id = id
        self.name = name
        self.keys = keys
        self.expansions = expansions
    }
}
