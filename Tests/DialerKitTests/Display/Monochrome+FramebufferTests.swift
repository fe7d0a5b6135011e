// SPDX-License-Identifier: Apache-2.0

// A one-bit OLED shows the same picture whichever driver the kernel gives it: ssd1307fb's
// 1-bit framebuffer, or the DRM ssd130x driver's XRGB8888 one, which the kernel turns into
// the panel's bits by a threshold of its own (`KernelThreshold`). Each screen is drawn the
// way `FramebufferScreen` draws it (the mode's pixel format, line length and bit inversion
// through a `FrameUpdater`) into plain memory standing for each framebuffer.
import DialerConfig
import DialerEngine
@testable import DialerKit
import Foundation
import Logging
import ScreenOutput
import ScreenRender
import TestFixtures
import Testing

@Suite("Monochrome panels at any depth")
struct MonochromeFramebufferTests {
    /// ssd1307fb on a 128x64 SSD1306: "Solomon SSD1307", 1 bit, FB_VISUAL_MONO10.
    static let ssd1307fb = FramebufferMode(
        identifier: "Solomon SSD1307", width: 128, height: 64, bitsPerPixel: 1,
        red: ColorField(offset: 0, length: 1), green: ColorField(offset: 0, length: 1), blue: ColorField(offset: 0, length: 1),
        lineLength: 16, visual: .mono10)
    /// The DRM ssd130x driver's fbdev emulation of the same panel: its name is the driver's
    /// plus "drmfb", XRGB8888 in true colour.
    static let ssd130xdrmfb = FramebufferMode(
        identifier: "ssd130xdrmfb", width: 128, height: 64, bitsPerPixel: 32,
        red: ColorField(offset: 16, length: 8), green: ColorField(offset: 8, length: 8), blue: ColorField(offset: 0, length: 8),
        lineLength: 512, visual: .trueColor)

    /// The screens a keypad phone shows most: typing with matched letters highlighted, results
    /// with one selected, a call, a call with another waiting, and the idle status line.
    enum Screen: String, CaseIterable, Sendable {
        case typing, results, call, waiting, status

        func state() throws -> ScreenState {
            switch self {
            case .typing: try GoldenScreen.query.state()
            case .results: try GoldenScreen.numbers.state()
            case .call: try GoldenScreen.calling.state()
            case .waiting: try GoldenScreen.waiting.state()
            case .status: try ScreenPainterStatusTests.state()
            }
        }
    }

    /// The bytes `mode`'s framebuffer holds after t9dial draws `state` on it, with the theme
    /// `theme` or, by default, the one it chooses for that framebuffer.
    static func framebufferBytes(_ state: ScreenState, on mode: FramebufferMode, theme: ScreenTheme? = nil) throws -> [UInt8] {
        let choice = MonochromeChoice(mode, configured: nil)
        let painter = ScreenPainter(
            font: try GoldenImage.font("t9dial-8x16.psf"),
            theme: theme ?? .forPanel(bitsPerPixel: mode.bitsPerPixel, monochrome: choice),
            smallFont: try GoldenImage.font("t9dial-5x8.psf"))
        let packer = try FramePacker(format: try mode.pixelFormat(), physicalSize: mode.size, lineLength: mode.lineLength)
        var updater = FrameUpdater(packer: packer, invertsBits: mode.invertsMonochrome)
        var memory = [UInt8](repeating: 0, count: mode.visibleLength)
        let canvas = painter.paint(state, width: mode.width, height: mode.height)
        _ = try memory.withUnsafeMutableBytes { buffer in try updater.draw(canvas, into: buffer) }
        return memory
    }

    /// The panel's bits from the one-bit framebuffer: its rows as they are, without padding.
    static func panelBits(ofMono memory: [UInt8], _ mode: FramebufferMode) -> [UInt8] {
        (0..<mode.height).flatMap { y in memory[(y * mode.lineLength)..<(y * mode.lineLength + (mode.width + 7) / 8)] }
    }

    @Test(arguments: Screen.allCases, KernelThreshold.allCases)
    func theXRGB8888FramebufferGivesTheOneBitPanelsBits(_ screen: Screen, _ kernel: KernelThreshold) throws {
        let state = try screen.state()
        let oneBit = Self.panelBits(ofMono: try Self.framebufferBytes(state, on: Self.ssd1307fb), Self.ssd1307fb)
        let xrgb = kernel.mono(try Self.framebufferBytes(state, on: Self.ssd130xdrmfb), Self.ssd130xdrmfb)
        #expect(xrgb == oneBit, "\(kernel): first differing byte \(String(describing: zip(xrgb, oneBit).enumerated().first { $1.0 != $1.1 }?.offset))")
        // Something is drawn, and not everything.
        #expect(oneBit.contains { $0 != 0 } && oneBit.contains { $0 != 0xFF })
    }

    /// Why the test above matters: the colour theme t9dial drew on a 32-bit framebuffer loses
    /// its highlight to the threshold (amber letters on the dark background stay lit, the
    /// inverse box does not appear), so the panel shows other bits.
    @Test func theColourThemeWouldNotGiveTheSameBits() throws {
        let state = try Screen.typing.state()
        let oneBit = Self.panelBits(ofMono: try Self.framebufferBytes(state, on: Self.ssd1307fb), Self.ssd1307fb)
        let colour = KernelThreshold.linux61.mono(try Self.framebufferBytes(state, on: Self.ssd130xdrmfb, theme: .color), Self.ssd130xdrmfb)
        #expect(colour != oneBit)
    }

    /// The threshold itself, on the colours that matter: the one-bit theme's are pure, and
    /// the colour theme's selection bar is dark enough to vanish under either rule.
    @Test(arguments: KernelThreshold.allCases)
    func theKernelsThreshold(_ kernel: KernelThreshold) {
        #expect(kernel.gray(0x00FF_FFFF) == 255 && kernel.gray(0) == 0)
        #expect(kernel.gray(0xFF00_0000) == 0, "the X byte is ignored")
        #expect(kernel.gray(0x0080_8080) == 128 && kernel.gray(0x007F_7F7F) == 127)
        #expect(kernel.gray(ScreenTheme.color.selection!.xrgb) < 128)
        #expect(kernel.mono([0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0], FramebufferMode.xrgb(width: 2)) == [0b01])
    }

    @Test(
        "The theme each framebuffer gets",
        arguments: [
            (ssd1307fb, nil, ScreenTheme.mono), (ssd130xdrmfb, nil, .mono), (ssd130xdrmfb, false, .color),
            (.xrgb(width: 320), nil, .color), (.xrgb(width: 320), true, .mono),
        ] as [(FramebufferMode, Bool?, ScreenTheme)]
    )
    func theme(mode: FramebufferMode, configured: Bool?, theme: ScreenTheme) {
        let choice = MonochromeChoice(mode, configured: configured)
        #expect(ScreenTheme.forPanel(bitsPerPixel: mode.bitsPerPixel, monochrome: choice) == theme)
    }

    /// The PNG of a 32-bit panel said to be monochrome is the one-bit panel's, byte for byte.
    @Test func aMonochromePanelsPictureIsOneBitWhateverItsDepth() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let font = try ScreenDisplay.loadFont(ScreenSettings(), dataDirectory: TestFiles.dataDirectory)
            var pictures: [Data] = []
            for (depth, monochrome) in [("1", nil), ("32", true)] as [(String, Bool?)] {
                let path = directory + "/screen-\(depth).png"
                let display = try ScreenDisplay(
                    outputs: [.png(path: path)], screen: try ScreenOption(parsing: "128x64x\(depth)"), rotation: .upright, font: font,
                    logger: Logger(label: "test"), monochrome: monochrome)
                #expect(display.monochrome.isMonochrome)
                display.take(.screen(try DisplayFixtures.screen("3")))
                pictures.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(pictures[0] == pictures[1])
        }
    }
}

/// How the kernel turns an XRGB8888 framebuffer into a one-bit panel's bits: the ssd130x
/// driver calls drm_fb_xrgb8888_to_mono (drivers/gpu/drm/drm_format_helper.c), which takes
/// each pixel to an 8-bit grey (drm_fb_xrgb8888_to_gray8_line) and sets the bit where the grey
/// is at least 128, the first pixel in the lowest bit (drm_fb_gray8_to_mono_line).
enum KernelThreshold: String, CaseIterable, Sendable {
    /// Linux 6.1 (Debian 12): grey = (3 R + 6 G + B) / 10, in drm_fb_xrgb8888_to_gray8_line.
    case linux61
    /// Today's kernels: grey = (77 R + 150 G + 29 B) / 256, in drm_pixel_xrgb8888_to_r8_bt601
    /// (drivers/gpu/drm/drm_format_internal.h).
    case current

    func gray(_ pixel: UInt32) -> UInt32 {
        let (r, g, b) = ((pixel & 0x00FF_0000) >> 16, (pixel & 0x0000_FF00) >> 8, pixel & 0x0000_00FF)
        switch self {
        case .linux61: return (3 * r + 6 * g + b) / 10
        case .current: return (77 * r + 150 * g + 29 * b) / 256
        }
    }

    /// The panel's rows of bits from an XRGB8888 framebuffer's memory (little-endian pixels).
    func mono(_ memory: [UInt8], _ mode: FramebufferMode) -> [UInt8] {
        var bits: [UInt8] = []
        for y in 0..<mode.height {
            var byte: UInt8 = 0
            for x in 0..<mode.width {
                let at = y * mode.lineLength + x * 4
                let pixel = UInt32(memory[at]) | UInt32(memory[at + 1]) << 8 | UInt32(memory[at + 2]) << 16 | UInt32(memory[at + 3]) << 24
                if gray(pixel) >= 128 { byte |= 1 << UInt8(x % 8) }
                if x % 8 == 7 || x == mode.width - 1 {
                    bits.append(byte)
                    byte = 0
                }
            }
        }
        return bits
    }
}

extension FramebufferMode {
    /// A colour XRGB8888 framebuffer `width` wide and one row high, of no known driver.
    static func xrgb(width: Int) -> FramebufferMode {
        FramebufferMode(
            width: width, height: 1, bitsPerPixel: 32,
            red: ColorField(offset: 16, length: 8), green: ColorField(offset: 8, length: 8), blue: ColorField(offset: 0, length: 8),
            lineLength: width * 4, visual: .trueColor)
    }
}

extension Color {
    var xrgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}
