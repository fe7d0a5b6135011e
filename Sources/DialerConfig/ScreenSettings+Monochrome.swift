// SPDX-License-Identifier: Apache-2.0

/// `monochrome` in `[screen]`: whether the panel is drawn black and white whatever depth its
/// framebuffer has. Left out, t9dial tells from the framebuffer (`MonochromeChoice`).
extension ScreenSettings {
    /// `monochrome = true` or `false`.
    mutating func readMonochrome(_ table: TableReader) throws(ConfigError) {
        if let value = try table.boolean("monochrome", example: "monochrome = true") { monochrome = value }
    }

    /// Whether a framebuffer is drawn black and white, and why, under these settings.
    /// `driver` is its `fb_fix_screeninfo.id` (`/sys/class/graphics/fbN/name`), `visual` its
    /// FB_VISUAL_* name when that is MONO01 or MONO10; nil where there is no framebuffer.
    public func monochromeChoice(driver: String, bitsPerPixel: Int, monochromeVisual visual: String? = nil) -> MonochromeChoice {
        MonochromeChoice(driver: driver, bitsPerPixel: bitsPerPixel, monochromeVisual: visual, configured: monochrome)
    }
}

/// Whether the dialer's screen is drawn black and white (white on black, matches in inverse
/// video, the selection marked with ">"), and why.
///
/// A one-bit framebuffer can show nothing else. A panel that is one bit behind a deeper
/// framebuffer is the other case: since Linux 5.18 the DRM `ssd130x` driver drives SSD1306 and
/// SSD1309 OLEDs (replacing `ssd1307fb`), its /dev/fb emulation is XRGB8888, and the kernel
/// turns each pixel on or off by its grey level (drm_format_helper.c,
/// drm_fb_xrgb8888_to_mono), so a colour highlight can vanish there. Such a panel is known by
/// its driver's name, or set with `[screen] monochrome`.
public struct MonochromeChoice: Sendable, Hashable, CustomStringConvertible {
    /// Why.
    public enum Reason: Sendable, Hashable {
        /// The framebuffer has one bit a pixel.
        case oneBit
        /// Its visual is FB_VISUAL_MONO01 or FB_VISUAL_MONO10 (the name).
        case visual(String)
        /// Its driver (the framebuffer's name) drives monochrome panels.
        case driver(String)
        /// `[screen] monochrome = true`.
        case configured
        /// `[screen] monochrome = false` over a driver that drives monochrome panels (the
        /// name): the DRM ssd130x driver also drives grey and colour Solomon panels.
        case overridden(String)
    }

    public var isMonochrome: Bool
    /// Nil for a colour or grey panel nothing said anything about.
    public var reason: Reason?

    /// The framebuffer names (`fb_fix_screeninfo.id`) of drivers for one-bit panels that
    /// offer a deeper framebuffer or say nothing of it in their visual: the DRM drivers' fbdev
    /// emulation is named after the driver plus "drmfb" (drm_fb_helper.c), ssd1307fb's is
    /// "Solomon SSD1307", fbtft's is its driver's name.
    public static let monochromeDrivers: Set<String> = [
        "ssd130xdrmfb", "repaperdrmfb", "Solomon SSD1307",
        "fb_ssd1305", "fb_ssd1306", "fb_sh1106", "fb_pcd8544", "fb_uc1701",
    ]

    /// A one-bit framebuffer or a mono visual is black and white whatever the config says (it
    /// can show nothing else); otherwise `configured`, else the driver's name decides.
    public init(driver: String, bitsPerPixel: Int, monochromeVisual visual: String? = nil, configured: Bool?) {
        let knownDriver = Self.monochromeDrivers.contains(driver)
        switch (bitsPerPixel, visual, configured) {
        case (...1, _, _): (isMonochrome, reason) = (true, .oneBit)
        case (_, .some(let visual), _): (isMonochrome, reason) = (true, .visual(visual))
        case (_, nil, true?): (isMonochrome, reason) = (true, .configured)
        case (_, nil, false?): (isMonochrome, reason) = (false, knownDriver ? .overridden(driver) : nil)
        case (_, nil, nil): (isMonochrome, reason) = knownDriver ? (true, .driver(driver)) : (false, nil)
        }
    }

    /// "drawn black and white: its driver, ssd130xdrmfb, drives one-bit panels"; empty for a
    /// colour panel nothing said anything about.
    public var description: String {
        switch reason {
        case .oneBit: "drawn black and white: the framebuffer has 1 bit a pixel"
        case .visual(let visual): "drawn black and white: its visual is \(visual)"
        case .driver(let name):
            "drawn black and white: its driver, \(name), drives one-bit panels (the kernel turns each pixel on or off by its grey level); "
                + "monochrome = false in [screen] draws colours"
        case .configured: "drawn black and white: monochrome = true in [screen]"
        case .overridden(let name): "drawn in colour: monochrome = false in [screen], although its driver, \(name), usually drives one-bit panels"
        case nil: ""
        }
    }
}
