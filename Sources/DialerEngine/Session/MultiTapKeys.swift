// SPDX-License-Identifier: Apache-2.0

public import T9Search

/// What multi-tap offers on each key for one layout: the layout's letters, then the key's
/// symbols (a space on 0; . , ' - on 1, as feature phones have them), then the digit itself.
public struct MultiTapKeys: Sendable, Hashable {
    public let layout: KeypadLayout

    public init(layout: KeypadLayout) {
        self.layout = layout
    }

    /// The characters the presses of `digit` cycle through, in order.
    public func choices(on digit: UInt8) -> [Character] {
        guard digit <= 9 else { return [] }
        let letters = (layout.keys[digit] ?? []).map(Character.init)
        let digitCharacter = Character(keyDigit: digit)
        switch digit {
        case 0: return [" "] + letters + [digitCharacter]
        case 1: return letters + [".", ",", "'", "-", digitCharacter]
        default: return letters + [digitCharacter]
        }
    }

    /// The label feature phones show for this mode: the first three letters on 2 ("abc",
    /// "абв", "αβγ"), or the layout's id when 2 has none.
    public var label: String {
        let letters = layout.keys[2] ?? []
        return letters.isEmpty ? layout.id : String(String.UnicodeScalarView(letters.prefix(3)))
    }
}
