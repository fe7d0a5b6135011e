// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// The colours and highlight style of the dialer's screen for a kind of display: a one-bit
/// OLED can only invert, a grey panel can use weight and shades, a colour panel uses colour.
public struct ScreenTheme: Sendable, Hashable {
    /// How matched letters stand out.
    public enum MatchStyle: Sendable, Hashable {
        /// Drawn inverted: dark on a light box.
        case inverse
        /// Drawn in `match`, brighter or in another colour than the rest. (Not bold: at 8
        /// pixels wide, bold closes the counters of m and w.)
        case colored
    }

    public var background: Color
    public var text: Color
    /// Secondary text: numbers, the mode label, "no matches".
    public var dim: Color
    public var match: Color
    public var matchStyle: MatchStyle
    /// The selected result's row; nil where only the marker shows it (one-bit screens).
    public var selection: Color?
    /// The selection marker and the query.
    public var accent: Color

    /// A one-bit screen: white on black, matches inverted, the selection marked with ">".
    public static let mono = ScreenTheme(
        background: .black, text: .white, dim: .white, match: .white, matchStyle: .inverse, selection: nil, accent: .white
    )

    /// A grey screen: matches brightest, the rest grey, the selection on a dark grey bar.
    public static let gray = ScreenTheme(
        background: .black, text: Color(0xC0C0C0), dim: Color(0x808080), match: .white, matchStyle: .colored,
        selection: Color(0x404040), accent: .white
    )

    /// A colour screen: matches in amber, the selection on a blue bar.
    public static let color = ScreenTheme(
        background: Color(0x101418), text: Color(0xE8E8E8), dim: Color(0x8A96A3), match: Color(0xFFB000), matchStyle: .colored,
        selection: Color(0x1F4E8C), accent: Color(0x5EC8FF)
    )

    /// The theme for a screen of `bitsPerPixel` (8 is taken as grey; a pseudocolour panel
    /// can show the colour theme through its palette, so choose `.color` there).
    public static func forDepth(_ bitsPerPixel: Int) -> ScreenTheme {
        switch bitsPerPixel {
        case ...1: .mono
        case ...8: .gray
        default: .color
        }
    }
}
