// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// What an HD44780 shows, kept to say what must be written to change it: its cells as the
/// codes written, and which character each of its 8 custom glyphs (CGRAM) holds. It turns
/// lines of text into the charlcd bytes that draw them (drivers/auxdisplay/charlcd.c): the
/// glyphs the lines need defined (`ESC[LG<n><16 hex>;`), then each run of changed cells after
/// a cursor move (`ESC[LxNyN;`), then the underline cursor where it shows (`ESC[LC`, off with
/// `ESC[Lc`). Lines that did not change write nothing.
///
/// Characters: those of the module's ROM are written by their code (`CharacterLCDROM`: the A00
/// of most modules is ASCII, but `\` is ¥ and `~` is →; the A02 has the Latin-1 letters too).
/// Every other character on the screen (on an A00 an accented letter, Cyrillic, `\` and `~`)
/// is drawn with a custom glyph from the 5x8 font, up to 8 on one screen, in the order they
/// come; the rest fold to their base letter (é to e, Ł to L), and what has none shows `?`.
/// A glyph on screen keeps its slot while it stays, so a screen that changes a line redefines
/// no glyph the other lines show.
public struct CharacterLCDScreen: Sendable {
    public let columns: Int
    public let rows: Int
    /// The characters the module shows by their code.
    public let rom: CharacterLCDROM
    /// The font the custom glyphs are drawn from (t9dial-5x8); nil folds every character the
    /// ROM lacks.
    public let font: BitmapFont?
    /// The code in each cell, row by row; nil while what the display shows is not known (at
    /// start, and after a write failed).
    public private(set) var cells: [[UInt8]]?
    /// The character each custom glyph slot holds; nil for a slot not defined yet.
    public private(set) var slots: [Character?] = Array(repeating: nil, count: glyphSlots)
    /// Where the underline cursor shows (a multi-tap letter still being chosen); nil while it
    /// is off.
    public private(set) var cursor: Cell? = nil

    /// A cell of the display.
    public struct Cell: Sendable, Hashable {
        public var column: Int
        public var row: Int
        public init(column: Int, row: Int) {
            self.column = column
            self.row = row
        }
    }

    /// How many custom glyphs an HD44780 holds (CGRAM, 5x8).
    public static let glyphSlots = 8
    public init(columns: Int, rows: Int, rom: CharacterLCDROM = .a00, font: BitmapFont?) {
        self.columns = columns
        self.rows = rows
        self.rom = rom
        self.font = font.flatMap { $0.width <= 5 && $0.height <= 8 ? $0 : nil }
    }

    // MARK: Escape codes

    static let escape: UInt8 = 0x1B
    /// `ESC[L` and a letter: charlcd's display commands.
    static func command(_ letter: Character) -> [UInt8] { [escape] + Array("[L\(letter)".utf8) }
    /// Display on, cursor and blink off, backlight on, cleared (`\f`).
    public static let startBytes = command("D") + command("c") + command("b") + command("+") + [0x0C]
    /// Backlight off and display off: the screen's sleep. What it shows stays in its memory.
    public static let sleepBytes = command("-") + command("d")
    /// Display and backlight on again.
    public static let wakeBytes = command("D") + command("+")
    /// Cleared and dark: what t9dial leaves when it stops.
    public static let stopBytes = [0x0C] + command("-")

    /// Moves the cursor to column `x` of row `y`.
    static func move(x: Int, y: Int) -> [UInt8] { [escape] + Array("[Lx\(x)y\(y);".utf8) }

    /// Defines custom glyph `slot` as 8 rows of 5 dots, the top row first, bit 4 the left dot.
    static func define(slot: Int, rows: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        return [escape] + Array("[LG\(slot)".utf8) + rows.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] } + [UInt8(ascii: ";")]
    }

    // MARK: Updates

    /// Forgets what the display shows: the next `update` clears it and writes every cell.
    public mutating func forget() {
        cells = nil
        cursor = nil
        slots = Array(repeating: nil, count: Self.glyphSlots)
    }

    /// The bytes that make the display show `lines` (each cut or padded to `columns`; rows past
    /// `lines` blank) with the underline cursor at `cursor` (nil: off), and takes them as
    /// shown. Empty when nothing changes.
    public mutating func update(to lines: [String], cursor wantedCursor: Cell? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        if cells == nil {
            bytes += Self.startBytes
            cells = Array(repeating: Array(repeating: 0x20, count: columns), count: rows)
        }
        let text = (0..<rows).map { row in
            let line = row < lines.count ? Array(lines[row].prefix(columns)) : []
            return line + Array(repeating: Character(" "), count: columns - line.count)
        }
        let glyphs = assignSlots(for: text)
        for (slot, character) in glyphs.defined { bytes += Self.define(slot: slot, rows: glyphRows(character)) }
        slots = glyphs.slots
        var slotOf: [Character: UInt8] = [:]
        for (slot, character) in slots.enumerated() { if let character { slotOf[character] = UInt8(slot) } }
        for row in 0..<rows {
            let wanted = text[row].map { slotOf[$0] ?? romCode($0) }
            bytes += changes(in: row, to: wanted)
            cells![row] = wanted
        }
        let wantedCursor = wantedCursor.flatMap { $0.column < columns && $0.row < rows ? $0 : nil }
        // Writing cells moves the cursor: it is put back where it shows after any.
        if let wantedCursor, wantedCursor != cursor || !bytes.isEmpty {
            bytes += Self.move(x: wantedCursor.column, y: wantedCursor.row) + (cursor == nil ? Self.command("C") : [])
        } else if wantedCursor == nil, cursor != nil {
            bytes += Self.command("c")
        }
        cursor = wantedCursor
        return bytes
    }

    /// The runs of `row` that differ from `wanted`, each after a cursor move; runs a few cells
    /// apart are written as one, which is shorter than a second move.
    private func changes(in row: Int, to wanted: [UInt8]) -> [UInt8] {
        let shown = cells![row]
        let changed = (0..<columns).filter { shown[$0] != wanted[$0] }
        guard var start = changed.first else { return [] }
        var bytes: [UInt8] = []
        var end = start
        for column in changed.dropFirst() {
            if column - end > Self.joinGap {
                bytes += Self.move(x: start, y: row) + wanted[start...end]
                start = column
            }
            end = column
        }
        return bytes + Self.move(x: start, y: row) + wanted[start...end]
    }

    /// Unchanged cells between two runs that are cheaper to write again than to move over.
    static let joinGap = 6

    /// Which character each slot holds for `text`: those already held and still shown keep
    /// their slot; the others the ROM lacks take free ones in the order they come; `defined`
    /// are the slots to write.
    private func assignSlots(for text: [[Character]]) -> (slots: [Character?], defined: [(Int, Character)]) {
        guard let font else { return (Array(repeating: nil, count: Self.glyphSlots), []) }
        var needed: [Character] = []
        for line in text {
            for character in line where needsGlyph(character) && !needed.contains(character) {
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, font.contains(scalar) {
                    needed.append(character)
                }
            }
        }
        var assigned = slots.map { slot in slot.flatMap { needed.contains($0) ? $0 : nil } }
        var defined: [(Int, Character)] = []
        for character in needed where !assigned.contains(character) {
            // A slot never defined goes first, then one whose character has left the screen.
            guard
                let free = assigned.indices.first(where: { assigned[$0] == nil && slots[$0] == nil })
                    ?? assigned.indices.first(where: { assigned[$0] == nil })
            else { break }
            assigned[free] = character
            defined.append((free, character))
        }
        return (assigned, defined)
    }

    /// Whether the ROM lacks `character` (on an A00 anything but printable ASCII and its
    /// arrows, and ASCII's `\` and `~`, whose codes show ¥ and →).
    func needsGlyph(_ character: Character) -> Bool {
        rom.code(for: character) == nil
    }

    /// The ROM code that shows `character`, or its fold: é as e, `\` as /, → as >, `?` for none.
    func romCode(_ character: Character) -> UInt8 {
        if let code = rom.code(for: character) { return code }
        let fold: Character? =
            switch character {
            case "\\": "/"
            case "~": "-"
            case "→": ">"
            case "←": "<"
            default: Self.baseLetter(character).map { Character(Unicode.Scalar($0)) }
            }
        return fold.flatMap { rom.code(for: $0) } ?? UInt8(ascii: "?")
    }

    /// The Latin letter `character` is written with, by its Unicode name: "LATIN SMALL LETTER
    /// E WITH ACUTE" is e, "LATIN CAPITAL LETTER L WITH STROKE" is L, "LATIN SMALL LETTER
    /// SHARP S" is s; nil for other scripts and symbols.
    static func baseLetter(_ character: Character) -> UInt8? {
        guard let scalar = character.unicodeScalars.first, let name = scalar.properties.name else { return nil }
        let words = name.split(separator: " ")
        guard words.count >= 4, words[0] == "LATIN", words[2] == "LETTER", words[1] == "SMALL" || words[1] == "CAPITAL" else { return nil }
        let letterWords = words[3...].prefix { $0 != "WITH" }
        guard let letter = letterWords.last, letter.count == 1, let ascii = letter.first?.asciiValue, (65...90).contains(ascii) else { return nil }
        return words[1] == "SMALL" ? ascii + 32 : ascii
    }

    /// The 8 rows of `character`'s glyph in the font, bit 4 the left dot.
    func glyphRows(_ character: Character) -> [UInt8] {
        guard let font, let scalar = character.unicodeScalars.first, let glyph = font.glyph(for: scalar) else {
            return Array(repeating: 0, count: 8)
        }
        return (0..<8).map { y in
            (0..<5).reduce(UInt8(0)) { bits, x in bits | (glyph.isSet(x, y) ? UInt8(0x10 >> x) : 0) }
        }
    }
}
