// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import ScreenOutput

extension MonochromeChoice {
    /// Whether the framebuffer of `mode` is drawn black and white, and why: from its name
    /// (`fb_fix_screeninfo.id`), depth and visual, and `[screen] monochrome` (`configured`).
    public init(_ mode: FramebufferMode, configured: Bool?) {
        let monoVisual = mode.visual == .mono01 || mode.visual == .mono10
        self.init(
            driver: mode.identifier, bitsPerPixel: mode.bitsPerPixel, monochromeVisual: monoVisual ? mode.visual.description : nil,
            configured: configured)
    }
}

extension ScreenTheme {
    /// The theme for a screen of `bitsPerPixel` that `monochrome` says is one bit or not: a
    /// one-bit panel behind a deeper framebuffer gets the one-bit theme, pure white on pure
    /// black, which any threshold the kernel applies keeps as it is.
    public static func forPanel(bitsPerPixel: Int, monochrome: MonochromeChoice) -> ScreenTheme {
        monochrome.isMonochrome ? .mono : .forDepth(bitsPerPixel)
    }
}
