// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// A framebuffer's mode as the kernel reports it (`fb_var_screeninfo` and
/// `fb_fix_screeninfo`), as plain values: what `t9dial` needs to pack pixels for it and to
/// say what it is.
public struct FramebufferMode: Sendable, Hashable, CustomStringConvertible {
    /// The driver's name (`fb_fix_screeninfo.id`), "Virtual FB" for vfb.
    public var identifier: String
    /// Visible pixels (`xres`, `yres`).
    public var width: Int
    public var height: Int
    /// The whole drawable area, larger when the driver allows panning.
    public var virtualWidth: Int
    public var virtualHeight: Int
    /// Where the visible area starts in the virtual one.
    public var xOffset: Int
    public var yOffset: Int
    public var bitsPerPixel: Int
    /// `grayscale`: nonzero means grey levels rather than colours at 8 bits.
    public var grayscale: Bool
    public var red: ColorField
    public var green: ColorField
    public var blue: ColorField
    public var transparency: ColorField
    /// Whether any colour field's most significant bit is on the right (`msb_right`), which
    /// t9dial does not draw.
    public var bitsReversed: Bool
    /// Bytes from one row to the next (`line_length`): the stride, never width times bytes.
    public var lineLength: Int
    public var visual: FramebufferVisual
    /// `type`: 0 is FB_TYPE_PACKED_PIXELS, the only layout t9dial draws.
    public var type: UInt32
    /// The length of the device's memory (`smem_len`).
    public var memoryLength: Int

    public init(
        identifier: String = "", width: Int, height: Int, virtualWidth: Int? = nil, virtualHeight: Int? = nil,
        xOffset: Int = 0, yOffset: Int = 0, bitsPerPixel: Int, grayscale: Bool = false,
        red: ColorField, green: ColorField, blue: ColorField, transparency: ColorField = .absent,
        bitsReversed: Bool = false, lineLength: Int, visual: FramebufferVisual, type: UInt32 = 0, memoryLength: Int? = nil
    ) {
        self.identifier = identifier
        self.width = width
        self.height = height
        self.virtualWidth = virtualWidth ?? width
        self.virtualHeight = virtualHeight ?? height
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.bitsPerPixel = bitsPerPixel
        self.grayscale = grayscale
        self.red = red
        self.green = green
        self.blue = blue
        self.transparency = transparency
        self.bitsReversed = bitsReversed
        self.lineLength = lineLength
        self.visual = visual
        self.type = type
        self.memoryLength = memoryLength ?? lineLength * (virtualHeight ?? height)
    }

    /// The visible size.
    public var size: ScreenSize { ScreenSize(width: width, height: height) }

    /// Where the visible area starts in the device's memory, in bytes.
    public var visibleOffset: Int { yOffset * lineLength + xOffset * bitsPerPixel / 8 }

    /// The bytes of the visible area: `line_length * yres`.
    public var visibleLength: Int { lineLength * height }

    /// How much of the device t9dial maps: all of its memory, or at least up to the end of
    /// the visible area when a driver reports less.
    public var mappedLength: Int { max(memoryLength, visibleOffset + visibleLength) }

    /// Whether a set 1 bit is dark (FB_VISUAL_MONO01), so packed one-bit frames, where 1 is
    /// lit, are inverted before they reach the device.
    public var invertsMonochrome: Bool { bitsPerPixel == 1 && visual == .mono01 }

    /// Whether the device needs a colour map loaded before drawing: 8 bits through
    /// FB_VISUAL_PSEUDOCOLOR (t9dial's palette, or a grey ramp when `grayscale` is set).
    public var needsColorMap: Bool { bitsPerPixel == 8 && visual == .pseudoColor }

    /// The layout t9dial packs for this mode, or why it cannot draw on it: the depth and visual
    /// must agree (1 bit mono, 8 bits pseudocolour or grey, 16/24/32 true or direct colour),
    /// pixels must be packed and colour bits in the usual order.
    public func pixelFormat() throws(UnsupportedPixelFormat) -> PixelFormat {
        func refuse(_ why: String) -> UnsupportedPixelFormat {
            UnsupportedPixelFormat(
                bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue,
                message: "\(bitsPerPixel) bits per pixel with \(visual) is not supported: \(why)")
        }
        guard type == 0 else {
            throw refuse("the pixels are not packed (type \(type), not FB_TYPE_PACKED_PIXELS); choose a packed mode with fbset")
        }
        guard !bitsReversed else { throw refuse("the colour bits run most significant bit right (msb_right)") }
        guard lineLength * 8 >= width * bitsPerPixel else {
            throw refuse("a row of \(width) pixels needs \((width * bitsPerPixel + 7) / 8) bytes but line_length is \(lineLength)")
        }
        switch (bitsPerPixel, visual) {
        case (8, .trueColor) where grayscale:
            break  // grey panels that report their 8-bit levels as true colour
        case (1, .mono01), (1, .mono10), (8, .pseudoColor),
            (16, .trueColor), (16, .directColor), (24, .trueColor), (24, .directColor), (32, .trueColor), (32, .directColor):
            break
        case (8, .staticPseudoColor):
            throw refuse("its colour map is fixed, so t9dial cannot load its palette; choose a 16- or 32-bit mode (fbset -depth 16)")
        default:
            throw refuse("t9dial draws 1-bit mono, 8-bit pseudocolour or grey, and 16-, 24- or 32-bit true colour (try fbset -depth 16)")
        }
        return try PixelFormat(
            bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue, transparency: transparency, grayscale: grayscale)
    }

    /// `Virtual FB 640x480 (virtual 640x480), 8 bits per pixel, FB_VISUAL_PSEUDOCOLOR, line_length 640, 307200 bytes`.
    public var description: String {
        let name = identifier.isEmpty ? "" : "\(identifier) "
        let colors = bitsPerPixel >= 16 ? ", red \(red), green \(green), blue \(blue)" : (grayscale ? ", grey" : "")
        return "\(name)\(width)x\(height) (virtual \(virtualWidth)x\(virtualHeight)), \(bitsPerPixel) bits per pixel\(colors), "
            + "\(visual), line_length \(lineLength), \(memoryLength) bytes"
    }
}
