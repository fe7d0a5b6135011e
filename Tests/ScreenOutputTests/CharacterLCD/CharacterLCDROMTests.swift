// SPDX-License-Identifier: Apache-2.0

import ScreenOutput
import Testing

@Suite("Character LCD: the A00 and A02 ROMs")
struct CharacterLCDROMTests {
    @Test(
        "Characters by their code, as the HD44780U datasheet's tables have them",
        arguments: [
            (CharacterLCDROM.a00, "A", UInt8?(0x41)), (.a00, "¥", 0x5C), (.a00, "→", 0x7E), (.a00, "←", 0x7F),
            (.a00, "\\", nil), (.a00, "~", nil), (.a00, "é", nil), (.a00, "Ж", nil),
            (.a02, "\\", 0x5C), (.a02, "~", 0x7E), (.a02, "é", 0xE9), (.a02, "À", 0xC0), (.a02, "ÿ", 0xFF), (.a02, "ß", 0xDF),
            (.a02, "×", 0xD7), (.a02, "Ø", nil), (.a02, "Φ", 0xD8), (.a02, "Ж", 0x82), (.a02, "Я", 0xAD), (.a02, "ж", nil),
            (.a02, "£", 0xA3), (.a02, "µ", 0xB5), (.a02, "μ", 0xB5), (.a02, "Ł", nil), (.a02, "→", nil),
        ] as [(CharacterLCDROM, Character, UInt8?)]
    )
    func code(rom: CharacterLCDROM, character: Character, code: UInt8?) {
        #expect(rom.code(for: character) == code)
    }

    /// Codes below 0x20 are the custom glyphs and charlcd's control bytes (ESC, newline): no
    /// character is ever written as one. Every code maps back to its character.
    @Test(arguments: CharacterLCDROM.allCases)
    func noControlCodeAndEachCodeReadsBack(rom: CharacterLCDROM) {
        for code in UInt8(0)...0xFF {
            guard let character = rom.character(for: code) else {
                #expect(code >= 0x80 || code < 0x20, "\(rom) \(code)")
                continue
            }
            #expect(code >= 0x20)
            #expect(rom.code(for: character) == code, "\(rom) \(character)")
        }
    }
}
