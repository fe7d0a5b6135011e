// SPDX-License-Identifier: Apache-2.0

import ScreenOutput
import ScreenRender
import Testing

@Suite("Framebuffer modes")
struct FramebufferModeTests {
    static func mode(
        bpp: Int, visual: FramebufferVisual, grayscale: Bool = false, red: (Int, Int) = (0, 8), green: (Int, Int) = (0, 8), blue: (Int, Int) = (0, 8),
        width: Int = 640, height: Int = 480, lineLength: Int? = nil
    ) -> FramebufferMode {
        FramebufferMode(
            identifier: "Virtual FB", width: width, height: height, bitsPerPixel: bpp, grayscale: grayscale,
            red: ColorField(offset: red.0, length: red.1), green: ColorField(offset: green.0, length: green.1),
            blue: ColorField(offset: blue.0, length: blue.1),
            lineLength: lineLength ?? (width * bpp + 7) / 8, visual: visual)
    }

    @Test("Modes drivers report give the formats t9dial packs")
    func formats() throws {
        #expect(try Self.mode(bpp: 16, visual: .trueColor, red: (11, 5), green: (5, 6), blue: (0, 5)).pixelFormat() == .rgb565)
        #expect(try Self.mode(bpp: 32, visual: .trueColor, red: (16, 8), green: (8, 8), blue: (0, 8)).pixelFormat() == .xrgb8888)
        #expect(try Self.mode(bpp: 24, visual: .directColor, red: (16, 8), green: (8, 8), blue: (0, 8)).pixelFormat() == .rgb888)
        #expect(try Self.mode(bpp: 8, visual: .pseudoColor).pixelFormat().kind == .pseudocolor)
        #expect(try Self.mode(bpp: 8, visual: .pseudoColor, grayscale: true).pixelFormat().kind == .grayscale)
        #expect(try Self.mode(bpp: 1, visual: .mono10, width: 128, height: 64).pixelFormat().kind == .monochrome)
    }

    @Test("The mode says what it needs: a colour map, inverted bits, how much to map")
    func needs() {
        let vfb = Self.mode(bpp: 8, visual: .pseudoColor)
        #expect(vfb.needsColorMap && !vfb.invertsMonochrome)
        #expect(vfb.visibleLength == 640 * 480 && vfb.mappedLength == 640 * 480)
        #expect(Self.mode(bpp: 1, visual: .mono01, width: 128, height: 64).invertsMonochrome)
        #expect(!Self.mode(bpp: 1, visual: .mono10, width: 128, height: 64).invertsMonochrome)
        let panned = FramebufferMode(
            width: 320, height: 240, virtualHeight: 480, yOffset: 240, bitsPerPixel: 16,
            red: ColorField(offset: 11, length: 5), green: ColorField(offset: 5, length: 6), blue: ColorField(offset: 0, length: 5),
            lineLength: 640, visual: .trueColor)
        #expect(panned.visibleOffset == 240 * 640 && panned.mappedLength == 480 * 640)
    }

    @Test(
        "Unsupported modes name the depth and visual",
        arguments: [
            (8, FramebufferVisual.staticPseudoColor, "FB_VISUAL_STATIC_PSEUDOCOLOR"),
            (4, FramebufferVisual.pseudoColor, "4 bits per pixel"),
            (16, FramebufferVisual.fourCC, "FB_VISUAL_FOURCC"),
            (1, FramebufferVisual.trueColor, "FB_VISUAL_TRUECOLOR"),
        ])
    func unsupported(bpp: Int, visual: FramebufferVisual, named: String) {
        let mode = Self.mode(bpp: bpp, visual: visual, red: (11, 5), green: (5, 6), blue: (0, 5))
        do {
            _ = try mode.pixelFormat()
            Issue.record("\(mode) was accepted")
        } catch {
            #expect(error.message.contains(named))
            #expect(error.message.contains("\(bpp) bits per pixel"))
        }
    }

    @Test("A line length shorter than a row is refused")
    func shortLine() {
        #expect(throws: UnsupportedPixelFormat.self) {
            try Self.mode(bpp: 16, visual: .trueColor, red: (11, 5), green: (5, 6), blue: (0, 5), lineLength: 100).pixelFormat()
        }
    }

    @Test("The description shows what fbset would")
    func description() {
        let text = Self.mode(bpp: 8, visual: .pseudoColor).description
        #expect(text == "Virtual FB 640x480 (virtual 640x480), 8 bits per pixel, FB_VISUAL_PSEUDOCOLOR, line_length 640, 307200 bytes")
    }
}
