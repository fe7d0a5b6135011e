// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Telephony
import Testing

@Suite("[screen] settings")
struct ScreenSettingsTests {
    static func parse(_ text: String) throws -> ScreenSettings {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: ["HOME": "/home/ann"]).screen
    }

    @Test func defaultsAndEveryKey() throws {
        #expect(try Self.parse("") == ScreenSettings(font: nil, rotation: 0, framebuffer: nil))
        var expected = ScreenSettings(font: "Uni2-Terminus16", rotation: 90, framebuffer: "/dev/fb1")
        expected.fontLocation = SettingLocation(file: "t9dial.toml", line: 2, key: "screen.font", subject: #""font" in [screen]"#)
        #expect(
            try Self.parse("[screen]\nfont = \"Uni2-Terminus16\"\nrotation = 90\nframebuffer = \"/dev/fb1\"\n") == expected
        )
        #expect(try Self.parse("[screen]\nfont = \"~/fonts/my.psf\"\n").font == "/home/ann/fonts/my.psf")
    }

    @Test(
        "framebuffer: an absolute path, or \"\" for none",
        arguments: [
            ("framebuffer = \"/dev/fb0\"", "/dev/fb0"),
            ("framebuffer = \"/dev/fb/0\"", "/dev/fb/0"),
            ("framebuffer = \"\"", nil),
        ] as [(String, String?)]
    )
    func framebuffer(line: String, expected: String?) throws {
        #expect(try Self.parse("[screen]\n\(line)\n").framebuffer == expected)
    }

    @Test(
        "A bad framebuffer names the line and says what is allowed",
        arguments: [
            ("framebuffer = \"fb0\"", #"must be the absolute path of a framebuffer device such as "/dev/fb0", or "" for none; found "fb0""#),
            ("framebuffer = \"~/fb0\"", #"found "~/fb0""#),
            ("framebuffer = 0", #""framebuffer" in [screen] must be a string, like framebuffer = "/dev/fb0"; found the whole number 0"#),
        ]
    )
    func badFramebuffer(line: String, message: String) {
        #expect {
            try Self.parse("[screen]\nrotation = 0\n\(line)\n")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "t9dial.toml" && error.line == 3 && error.key == "screen.framebuffer" && error.message.contains(message)
        }
    }

    @Test func aRotationOtherThanQuarterTurnsIsRefused() {
        #expect {
            try Self.parse("[screen]\nrotation = 45\n")
        } throws: { error in
            (error as? ConfigError).map { $0.line == 2 && $0.description.contains("must be 0, 90, 180 or 270") } ?? false
        }
    }
}
