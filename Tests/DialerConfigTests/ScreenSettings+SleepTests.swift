// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("[screen] sleep_after and backlight")
struct ScreenSettingsSleepTests {
    @Test func theScreenSleepsAfterTwoMinutesAndSwitchesNoBacklightByDefault() throws {
        let settings = try ScreenSettingsTests.parse("")
        #expect(settings.sleepAfterSeconds == 120)
        #expect(settings.sleepAfterMicroseconds == 120_000_000)
        #expect(settings.backlight == nil)
        #expect(try ScreenSettingsTests.parse("[screen]\nbacklight = \"\"\n").backlight == nil)
        #expect(try ScreenSettingsTests.parse("[screen]\nbacklight = \"10-0045\"\n").backlight == "10-0045")
    }

    @Test(
        "sleep_after: seconds, a time with its unit, or 0 and off for never",
        arguments: [
            ("300", 300), ("\"90s\"", 90), ("\"2m\"", 120), ("\"1h\"", 3600), ("\"2 M\"", 120), ("\"45\"", 45),
            ("0", 0), ("\"off\"", 0), ("\"0\"", 0), ("\"Off\"", 0), ("10", 10), ("86400", 86_400), ("\"24h\"", 86_400),
        ]
    )
    func sleepAfter(value: String, seconds: Int) throws {
        let settings = try ScreenSettingsTests.parse("[screen]\nsleep_after = \(value)\n")
        #expect(settings.sleepAfterSeconds == seconds)
        #expect(settings.sleepAfterMicroseconds == (seconds == 0 ? nil : Int64(seconds) * 1_000_000))
    }

    @Test(
        "A bad sleep_after names the line and says what is allowed",
        arguments: [
            ("5", "must be 0 (never) or from 10 s to 86400 s (a day); found 5"),
            ("\"25h\"", #"found "25h""#),
            ("-1", "found -1"),
            ("\"2 minutes\"", #"must be seconds (120), a time such as "90s", "2m" or "1h", or 0 or "off" for never; found "2 minutes""#),
            ("\"m\"", #"found "m""#),
            ("\"99999999999999999999h\"", "found"),
            ("true", #""sleep_after" in [screen] must be a whole number"#),
        ]
    )
    func badSleepAfter(value: String, message: String) {
        #expect {
            try ScreenSettingsTests.parse("[screen]\nrotation = 0\nsleep_after = \(value)\n")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 3 && error.key == "screen.sleep_after" && error.message.contains(message)
        }
    }
}

@Suite("[screen] backlight names")
struct ScreenSettingsBacklightTests {
    @Test(arguments: [("lcd", "lcd"), ("/sys/class/backlight/lcd", "/sys/class/backlight/lcd")])
    func aNameOrItsPath(written: String, kept: String) throws {
        #expect(try ScreenSettingsTests.parse("[screen]\nbacklight = \"\(written)\"\n").backlight == kept)
        #expect(ScreenSettings.backlightDirectory(kept) == "/sys/class/backlight/lcd")
    }

    @Test(arguments: ["/sys/class/leds/bell", "../leds/bell", "a/b", ".."])
    func anythingElseIsRefusedAtItsLine(written: String) {
        #expect {
            try ScreenSettingsTests.parse("[screen]\nbacklight = \"\(written)\"\n")
        } throws: { error in
            (error as? ConfigError).map { $0.line == 2 && $0.key == "screen.backlight" && $0.message.contains("which is not a backlight") } ?? false
        }
    }
}
