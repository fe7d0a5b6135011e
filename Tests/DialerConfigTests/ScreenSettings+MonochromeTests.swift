// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("[screen] monochrome")
struct ScreenSettingsMonochromeTests {
    static func parse(_ text: String) throws -> ScreenSettings {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:]).screen
    }

    @Test(
        "monochrome: true, false, or left out to tell from the framebuffer",
        arguments: [("", nil), ("monochrome = true", true), ("monochrome = false", false)] as [(String, Bool?)]
    )
    func reads(line: String, expected: Bool?) throws {
        let settings = try Self.parse("[screen]\n\(line)\n")
        #expect(settings.monochrome == expected)
        #expect((settings == ScreenSettings()) == (expected == nil))
    }

    @Test func aValueThatIsNotTrueOrFalseNamesItsLine() {
        #expect {
            try Self.parse("[screen]\nrotation = 0\nmonochrome = \"yes\"\n")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 3 && error.key == "screen.monochrome" && error.message.contains("monochrome = true")
        }
    }

    /// What each panel is drawn as: a one-bit framebuffer and a mono visual always black and
    /// white; a known one-bit panel's driver black and white unless the config says false;
    /// any other by the config alone.
    @Test(
        arguments: [
            ("Solomon SSD1307", 1, "FB_VISUAL_MONO10", nil, true, MonochromeChoice.Reason.oneBit),
            ("Solomon SSD1307", 1, "FB_VISUAL_MONO10", false, true, .oneBit),
            ("Virtual FB", 8, "FB_VISUAL_MONO01", nil, true, .visual("FB_VISUAL_MONO01")),
            ("ssd130xdrmfb", 32, nil, nil, true, .driver("ssd130xdrmfb")),
            ("fb_ssd1306", 16, nil, nil, true, .driver("fb_ssd1306")),
            ("ssd130xdrmfb", 32, nil, false, false, .overridden("ssd130xdrmfb")),
            ("ssd130xdrmfb", 32, nil, true, true, .configured),
            ("fb_ili9341", 16, nil, true, true, .configured),
            ("fb_ili9341", 16, nil, nil, false, nil),
            ("fb_ili9341", 16, nil, false, false, nil),
            ("", 16, nil, nil, false, nil),
        ] as [(String, Int, String?, Bool?, Bool, MonochromeChoice.Reason?)]
    )
    func choice(driver: String, bitsPerPixel: Int, visual: String?, configured: Bool?, isMonochrome: Bool, reason: MonochromeChoice.Reason?) {
        var settings = ScreenSettings()
        settings.monochrome = configured
        let choice = settings.monochromeChoice(driver: driver, bitsPerPixel: bitsPerPixel, monochromeVisual: visual)
        #expect(choice.isMonochrome == isMonochrome)
        #expect(choice.reason == reason)
        #expect(choice.description.isEmpty == (reason == nil))
    }

    @Test func theReasonIsSaidInWords() {
        let driver = MonochromeChoice(driver: "ssd130xdrmfb", bitsPerPixel: 32, configured: nil)
        #expect(driver.description.hasPrefix("drawn black and white: its driver, ssd130xdrmfb, drives one-bit panels"))
        #expect(driver.description.contains("monochrome = false in [screen] draws colours"))
        #expect(MonochromeChoice(driver: "", bitsPerPixel: 16, configured: true).description == "drawn black and white: monochrome = true in [screen]")
        #expect(
            MonochromeChoice(driver: "ssd130xdrmfb", bitsPerPixel: 32, configured: false).description
                == "drawn in colour: monochrome = false in [screen], although its driver, ssd130xdrmfb, usually drives one-bit panels")
    }
}
