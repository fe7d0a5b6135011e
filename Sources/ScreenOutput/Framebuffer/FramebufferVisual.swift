// SPDX-License-Identifier: Apache-2.0

/// How a framebuffer turns pixel values into light (`fb_fix_screeninfo.visual`, FB_VISUAL_*).
public enum FramebufferVisual: Sendable, Hashable, CustomStringConvertible {
    /// FB_VISUAL_MONO01: one bit a pixel, 1 is black.
    case mono01
    /// FB_VISUAL_MONO10: one bit a pixel, 1 is white (lit), as ssd1307fb OLEDs.
    case mono10
    /// FB_VISUAL_TRUECOLOR: red, green and blue bits straight from the pixel.
    case trueColor
    /// FB_VISUAL_PSEUDOCOLOR: the pixel indexes a colour map t9dial sets with FBIOPUTCMAP.
    case pseudoColor
    /// FB_VISUAL_DIRECTCOLOR: each component indexes a ramp of its own (drawn as true colour).
    case directColor
    /// FB_VISUAL_STATIC_PSEUDOCOLOR: a colour map that cannot be changed.
    case staticPseudoColor
    /// FB_VISUAL_FOURCC: a V4L2 FOURCC layout.
    case fourCC
    /// A value this list does not know.
    case other(UInt32)

    public init(rawValue: UInt32) {
        switch rawValue {
        case 0: self = .mono01
        case 1: self = .mono10
        case 2: self = .trueColor
        case 3: self = .pseudoColor
        case 4: self = .directColor
        case 5: self = .staticPseudoColor
        case 6: self = .fourCC
        default: self = .other(rawValue)
        }
    }

    /// The FB_VISUAL_* name, as messages show it.
    public var description: String {
        switch self {
        case .mono01: "FB_VISUAL_MONO01"
        case .mono10: "FB_VISUAL_MONO10"
        case .trueColor: "FB_VISUAL_TRUECOLOR"
        case .pseudoColor: "FB_VISUAL_PSEUDOCOLOR"
        case .directColor: "FB_VISUAL_DIRECTCOLOR"
        case .staticPseudoColor: "FB_VISUAL_STATIC_PSEUDOCOLOR"
        case .fourCC: "FB_VISUAL_FOURCC"
        case .other(let value): "visual \(value)"
        }
    }
}
