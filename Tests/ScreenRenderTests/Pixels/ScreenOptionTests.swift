// SPDX-License-Identifier: Apache-2.0

import ScreenRender
import Testing

@Suite("--screen values")
struct ScreenOptionTests {
    static let form = "expected WIDTHxHEIGHTxDEPTH, e.g. 128x64x1, 320x240x16 or 640x480x32"

    @Test(
        "WIDTHxHEIGHTxDEPTH gives the size and the depth's preset",
        arguments: [
            ("128x64x1", 128, 64, PixelFormat.mono1),
            ("320x240x16", 320, 240, .rgb565),
            ("240x320x16", 240, 320, .rgb565),
            ("640x480x32", 640, 480, .xrgb8888),
            ("640X480X24", 640, 480, .rgb888),
            ("100x50x8", 100, 50, .indexed8),
        ])
    func parses(text: String, width: Int, height: Int, format: PixelFormat) throws {
        let option = try ScreenOption(parsing: text)
        #expect(option.size == ScreenSize(width: width, height: height))
        #expect(option.format == format)
    }

    @Test(
        "Bad values say what is wrong and the form to use",
        arguments: [
            ("320x240", form),
            ("", form),
            ("320x240x16x2", form),
            ("320xabcx16", "the height \"abc\" is not a whole number; " + form),
            ("+320x240x16", "the width \"+320\" is not a whole number; " + form),
            ("320 x240x16", "the width \"320 \" is not a whole number; " + form),
            ("320x240x", "the depth \"\" is not a whole number; " + form),
            ("0x240x16", "the width 0 is out of range; give 1 to 8192 pixels"),
            ("320x99999x16", "the height 99999 is out of range; give 1 to 8192 pixels"),
            ("99999999999999999999x1x1", "the width 99999999999999999999 is out of range; give 1 to 8192 pixels"),
            (
                "320x240x99999999999999999999",
                "a depth of 99999999999999999999 bits per pixel is not supported; t9dial draws at 1, 8, 16, 24 and 32"
            ),
            ("320x240x12", "a depth of 12 bits per pixel is not supported; t9dial draws at 1, 8, 16, 24 and 32"),
        ])
    func refuses(text: String, message: String) {
        #expect(throws: ScreenOptionError(text: text, message: message)) { try ScreenOption(parsing: text) }
        #expect(ScreenOptionError(text: text, message: message).description == "--screen \"\(text)\": \(message)")
    }
}
