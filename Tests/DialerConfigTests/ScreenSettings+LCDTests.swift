// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("[screen] lcd, lcd_size and lcd_rom")
struct ScreenSettingsLCDTests {
    @Test func noDisplayAndSixteenByTwoUnlessSaid() throws {
        let settings = try ScreenSettingsTests.parse("")
        #expect(settings.lcd == nil)
        #expect(settings.lcdSize == LCDSize(columns: 16, rows: 2))
        #expect(settings.lcdROM == .a00)
    }

    @Test(arguments: [("\"A02\"", LCDCharacterROM.a02), ("\"a02\"", .a02), ("\"A00\"", .a00)])
    func romAsWritten(value: String, rom: LCDCharacterROM) throws {
        #expect(try ScreenSettingsTests.parse("[screen]\nlcd_rom = \(value)\n").lcdROM == rom)
    }

    @Test(
        "lcd and lcd_size as written",
        arguments: [
            ("lcd = \"/dev/lcd\"", "/dev/lcd", "16x2"),
            ("lcd = \"/dev/lcd\"\nlcd_size = \"20x4\"", "/dev/lcd", "20x4"),
            ("lcd = \"\"\nlcd_size = \"40X2\"", nil, "40x2"),
            ("lcd_size = \"8x1\"", nil, "8x1"),
        ] as [(String, String?, String)]
    )
    func read(lines: String, device: String?, size: String) throws {
        let settings = try ScreenSettingsTests.parse("[screen]\n\(lines)\n")
        #expect(settings.lcd == device)
        #expect(settings.lcdSize.description == size)
    }

    @Test(
        "A bad lcd or lcd_size names its line and says what is allowed",
        arguments: [
            ("lcd = \"lcd\"", "screen.lcd", #"must be the absolute path of a character display such as "/dev/lcd", or "" for none; found "lcd""#),
            ("lcd_size = \"16\"", "screen.lcd_size", #"must be COLUMNSxROWS, such as "16x2" or "20x4""#),
            ("lcd_size = \"40x4\"", "screen.lcd_size", #"at most 80 characters; found "40x4""#),
            ("lcd_size = \"20x5\"", "screen.lcd_size", #"1 to 4 rows"#),
            ("lcd_size = \"7x2\"", "screen.lcd_size", #"8 to 40 columns"#),
            ("lcd_size = \"+16x2\"", "screen.lcd_size", #"found "+16x2""#),
            ("lcd_size = 16", "screen.lcd_size", #"must be a string"#),
            (
                "lcd_rom = \"A01\"", "screen.lcd_rom",
                #"must be "A00" (the Japanese ROM of most modules) or "A02" (the European one, with accented letters); found "A01""#
            ),
            ("lcd_rom = 2", "screen.lcd_rom", #"must be a string"#),
        ]
    )
    func bad(line: String, key: String, message: String) {
        #expect {
            try ScreenSettingsTests.parse("[screen]\nrotation = 0\n\(line)\n")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 3 && error.key == key && error.message.contains(message)
        }
    }

    @Test(
        "Sizes an HD44780 can be, and the ones it cannot",
        arguments: [
            ("16x2", true), ("20x4", true), ("40x2", true), ("8x1", true), ("24x2", true),
            ("41x1", false), ("20x5", false), ("0x2", false), ("16x", false), ("x2", false), ("16x2x1", false), ("１６x2", false),
        ]
    )
    func sizes(text: String, valid: Bool) {
        #expect((LCDSize(parsing: text) != nil) == valid)
    }
}
