// SPDX-License-Identifier: Apache-2.0

/// The layouts t9dial meets most, for tests, PNG snapshots and `--screen`.
extension PixelFormat {
    private static func preset(_ kind: Kind, _ bpp: Int, _ red: (Int, Int), _ green: (Int, Int), _ blue: (Int, Int), grayscale: Bool = false) -> PixelFormat {
        PixelFormat(
            checked: kind, bitsPerPixel: bpp,
            red: ColorField(offset: red.0, length: red.1),
            green: ColorField(offset: green.0, length: green.1),
            blue: ColorField(offset: blue.0, length: blue.1),
            grayscale: grayscale)
    }

    /// 16 bits, red in the top 5: fbtft ILI9341/ST7735 panels and most SPI displays.
    public static let rgb565 = preset(.trueColor, 16, (11, 5), (5, 6), (0, 5))
    /// 16 bits, blue in the top 5.
    public static let bgr565 = preset(.trueColor, 16, (0, 5), (5, 6), (11, 5))
    /// 32 bits, bytes B G R X in memory: HDMI consoles and DRM fbdev emulation.
    public static let xrgb8888 = preset(.trueColor, 32, (16, 8), (8, 8), (0, 8))
    /// 24 bits, bytes B G R in memory.
    public static let rgb888 = preset(.trueColor, 24, (16, 8), (8, 8), (0, 8))
    /// 8 bits of grey.
    public static let gray8 = preset(.grayscale, 8, (0, 8), (0, 8), (0, 8), grayscale: true)
    /// 8 bits indexing `PixelFormat.palette`.
    public static let indexed8 = preset(.pseudocolor, 8, (0, 8), (0, 8), (0, 8))
    /// 1 bit, the SSD1306 OLED through ssd1307fb.
    public static let mono1 = preset(.monochrome, 1, (0, 1), (0, 1), (0, 1))

    /// The preset for a `--screen` depth: 1 mono1, 8 indexed8, 16 rgb565, 24 rgb888,
    /// 32 xrgb8888; nil for any other.
    public static func preset(forDepth depth: Int) -> PixelFormat? {
        switch depth {
        case 1: .mono1
        case 8: .indexed8
        case 16: .rgb565
        case 24: .rgb888
        case 32: .xrgb8888
        default: nil
        }
    }
}
