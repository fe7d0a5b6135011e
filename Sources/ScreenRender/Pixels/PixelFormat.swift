// SPDX-License-Identifier: Apache-2.0

/// How a framebuffer stores a pixel, as plain values filled from `fb_var_screeninfo`
/// (`bits_per_pixel`, `grayscale`, `red`, `green`, `blue`, `transp`), validated once so that
/// packing never meets a layout it cannot write.
public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
    /// How a pixel's bits turn into light.
    public enum Kind: Sendable, Hashable {
        /// 16, 24 or 32 bits holding red, green and blue at the fields' offsets (RGB565, BGR565,
        /// XRGB8888, ...); components are scaled to each field's length.
        case trueColor
        /// 8 bits of grey: `Color.luminance`.
        case grayscale
        /// 8 bits indexing the colour map the output sets with FBIOPUTCMAP: `PixelFormat.palette`.
        case pseudocolor
        /// 1 bit per pixel in the ssd1307fb layout: pixel (x, y) is bit x % 8 (lowest first) of
        /// byte y * line_length + x / 8, and 1 is lit.
        case monochrome
    }

    /// The depths t9dial draws at.
    public static let supportedBitsPerPixel = [1, 8, 16, 24, 32]

    public let bitsPerPixel: Int
    public let red: ColorField
    public let green: ColorField
    public let blue: ColorField
    /// The alpha field some 32-bit modes report; packing sets its bits (opaque) so that a
    /// driver that honours it shows the picture. `.absent` on most framebuffers.
    public let transparency: ColorField
    /// The device's `grayscale` flag; at 8 bits it chooses grey levels over a colour map.
    public let grayscale: Bool
    public let kind: Kind

    /// Checks a layout as a framebuffer reports it. At 1 and 8 bits per pixel the colour
    /// fields are ignored (monochrome; grey or colour map by `grayscale`); at 16, 24 and 32 each
    /// of red, green and blue must be 1 to 8 bits long, inside the pixel, with no two fields
    /// overlapping.
    public init(
        bitsPerPixel: Int, red: ColorField, green: ColorField, blue: ColorField,
        transparency: ColorField = .absent, grayscale: Bool = false
    ) throws(UnsupportedPixelFormat) {
        let kind: Kind
        switch bitsPerPixel {
        case 1: kind = .monochrome
        case 8: kind = grayscale ? .grayscale : .pseudocolor
        case 16, 24, 32: kind = .trueColor
        default:
            throw UnsupportedPixelFormat(
                bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue,
                message: "\(bitsPerPixel) bits per pixel is not supported; t9dial draws at 1, 8, 16, 24 and 32"
                    + " (choose another mode, e.g. `fbset -depth 16`)")
        }
        if kind == .trueColor {
            if let problem = Self.fieldProblem(bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue, transparency: transparency) {
                throw UnsupportedPixelFormat(
                    bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue,
                    message: "\(bitsPerPixel) bits per pixel with red at \(red), green at \(green), blue at \(blue)"
                        + " is not supported: \(problem); t9dial needs red, green and blue of 1 to 8 bits each,"
                        + " inside the pixel and not overlapping (choose another mode, e.g. `fbset -depth 16` or `-depth 32`)")
            }
        }
        self.init(
            checked: kind, bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue,
            transparency: kind == .trueColor ? transparency : .absent, grayscale: grayscale)
    }

    /// A layout already known to be valid: the checked one above and the presets.
    init(
        checked kind: Kind, bitsPerPixel: Int, red: ColorField, green: ColorField, blue: ColorField, transparency: ColorField = .absent, grayscale: Bool = false
    ) {
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.transparency = transparency
        self.grayscale = grayscale
        self.kind = kind
    }

    /// What is wrong with true-colour fields, or nil when they can be packed.
    private static func fieldProblem(
        bitsPerPixel: Int, red: ColorField, green: ColorField, blue: ColorField, transparency: ColorField
    ) -> String? {
        let named = [("red", red), ("green", green), ("blue", blue), ("transparency", transparency)]
        for (name, field) in named {
            let optional = name == "transparency"
            if field.length == 0 && optional { continue }
            if field.length < 1 { return "\(name) has no bits" }
            if field.length > 8 { return "\(name) is \(field.length) bits long" }
            if field.offset < 0 || field.offset + field.length > bitsPerPixel {
                return "\(name) runs outside bits 0-\(bitsPerPixel - 1)"
            }
        }
        for first in 0..<named.count {
            for second in (first + 1)..<named.count where named[first].1.mask & named[second].1.mask != 0 {
                return "\(named[first].0) and \(named[second].0) overlap"
            }
        }
        return nil
    }

    /// `16 bits per pixel, red at offset 11 length 5, ...` or `8 bits per pixel, grey`.
    public var description: String {
        switch kind {
        case .trueColor:
            let alpha = transparency.length > 0 ? ", transparency at \(transparency)" : ""
            return "\(bitsPerPixel) bits per pixel, red at \(red), green at \(green), blue at \(blue)\(alpha)"
        case .grayscale: return "8 bits per pixel, grey"
        case .pseudocolor: return "8 bits per pixel, colour map"
        case .monochrome: return "1 bit per pixel, monochrome"
        }
    }
}
