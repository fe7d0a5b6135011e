// SPDX-License-Identifier: Apache-2.0

/// The character ROM an HD44780 was made with: which characters it shows by their code,
/// without a custom glyph. Nothing in the module or the kernel tells which it has, so the
/// config says (`[screen] lcd_rom`). The codes are those of the character code tables of
/// Hitachi's HD44780U datasheet.
///
/// Only codes from 0x20 up are used: 0x00 to 0x0F are the custom glyphs, and the A02's arrows
/// at 0x10 to 0x1F sit on charlcd's control bytes (0x1B is ESC).
public enum CharacterLCDROM: String, Sendable, Hashable, CaseIterable {
    /// The Japanese ROM of most modules: ASCII, but ¥ where `\` is and arrows at `~` and DEL,
    /// then katakana (not used by t9dial).
    case a00 = "A00"
    /// The European ROM: all of ASCII, the Latin-1 letters (but Ø) at their Latin-1 codes, and
    /// the Cyrillic capitals and Greek letters that Latin lacks.
    case a02 = "A02"

    /// The code that shows `character`, or nil when this ROM lacks it.
    public func code(for character: Character) -> UInt8? {
        switch self {
        case .a00: Self.a00Codes[character]
        case .a02: Self.a02Codes[character]
        }
    }

    /// The character this ROM shows for `code` (0x20 and up); nil for a code t9dial does not
    /// write (the A00's katakana).
    public func character(for code: UInt8) -> Character? {
        switch self {
        case .a00: Self.a00Characters[code]
        case .a02: Self.a02Characters[code]
        }
    }

    // MARK: The tables

    private static let a00Characters: [UInt8: Character] = {
        var table = asciiCharacters
        table[0x5C] = "¥"
        table[0x7E] = "→"
        table[0x7F] = "←"
        return table
    }()

    private static let a02Characters: [UInt8: Character] = {
        var table = asciiCharacters
        table[0x7F] = "⌂"
        for (offset, letter) in "БДЖЗИЙЛПУЦЧШЩЪЫЭ".enumerated() { table[0x80 + UInt8(offset)] = letter }
        // Greek, and the Cyrillic capitals and signs the ROM puts among the Latin-1 codes.
        let placed: [UInt8: Character] = [
            0x90: "α", 0x92: "Γ", 0x93: "π", 0x94: "Σ", 0x95: "σ", 0x97: "τ", 0x99: "θ", 0x9A: "Ω", 0x9B: "δ", 0x9C: "∞", 0x9E: "ε",
            0xA8: "ƒ", 0xAC: "Ю", 0xAD: "Я", 0xB5: "μ", 0xB8: "ω", 0xD8: "Φ",
        ]
        table.merge(placed) { _, new in new }
        // Latin-1's signs where the ROM has them at the same code, and its letters, whose
        // code the ROM keeps but for Ø (0xD8, Φ there).
        let latin1: [ClosedRange<UInt8>] = [0xA1...0xA7, 0xA9...0xAB, 0xAE...0xAE, 0xB1...0xB3, 0xB6...0xB7, 0xB9...0xD7, 0xD9...0xFF]
        for range in latin1 {
            for code in range { table[code] = Character(Unicode.Scalar(code)) }
        }
        return table
    }()

    /// Printable ASCII at its own codes.
    private static let asciiCharacters: [UInt8: Character] = Dictionary(
        uniqueKeysWithValues: (UInt8(0x20)...0x7E).map { ($0, Character(Unicode.Scalar($0))) })

    private static let a00Codes = codes(of: a00Characters)
    private static let a02Codes: [Character: UInt8] = {
        var table = codes(of: a02Characters)
        table["µ"] = 0xB5  // MICRO SIGN, drawn as the Greek mu
        return table
    }()

    private static func codes(of characters: [UInt8: Character]) -> [Character: UInt8] {
        Dictionary(characters.map { ($0.value, $0.key) }) { first, _ in first }
    }
}
