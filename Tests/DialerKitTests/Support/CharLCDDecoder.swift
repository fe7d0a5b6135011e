// SPDX-License-Identifier: Apache-2.0

import ScreenRender

/// What an HD44780 behind the kernel's charlcd shows after a stream of bytes written to
/// /dev/lcd, worked out from the kernel's documented semantics (drivers/auxdisplay/charlcd.c,
/// hd44780_common.c, Documentation/admin-guide/lcd-panel-cgram.rst), independently of the
/// code under test: a grid of `width` x `height` cells in display memory `bufferWidth` wide,
/// the 8 custom glyphs, and the display, cursor, blink and backlight flags.
///
/// - Printable bytes are written at the cursor, which moves right; past `bufferWidth` they
///   are dropped. `\n` blanks the rest of the line and moves to the next (wrapping to the
///   top), `\r` to the line's start, `\t` prints a space, `\b` blanks the cell before the
///   cursor and moves onto it, `\f` clears and goes home.
/// - ESC starts a sequence, kept until it is understood or is 24 bytes long (a newline ends it
///   unfinished): `[2J` clears, `[H` goes home, `[L` and a letter: `D`/`d` display on/off,
///   `C`/`c` cursor, `B`/`b` blink, `+`/`-` backlight, `k` blanks to the line's end,
///   `l`/`r` move the cursor, `I` resets, `G<n><hex>;` defines glyph n from up to 8 pairs of
///   hex digits (a row each, bit 4 the left dot; other characters skipped but counted in the
///   pairing, as the kernel does), `x<N>`/`y<N>` pairs ending in `;` move the cursor (an
///   invalid one is dropped, whole).
struct CharLCDDecoder {
    let width: Int
    let height: Int
    let bufferWidth: Int
    /// Display memory, `height` lines of `bufferWidth` codes.
    private(set) var memory: [[UInt8]]
    /// The 8 custom glyphs, 8 rows each.
    private(set) var glyphs: [[UInt8]] = Array(repeating: Array(repeating: 0, count: 8), count: 8)
    private(set) var x = 0
    private(set) var y = 0
    private(set) var displayOn = true
    private(set) var cursorOn = true
    private(set) var blinkOn = true
    private(set) var backlightOn = false
    /// The escape sequence being read, after its ESC; nil outside one.
    private var sequence: [UInt8]? = nil
    /// How many bytes have been written, and how many fell outside the visible grid.
    private(set) var bytesFed = 0

    static let maximumSequence = 24

    init(width: Int, height: Int, bufferWidth: Int? = nil) {
        self.width = width
        self.height = height
        self.bufferWidth = bufferWidth ?? width
        self.memory = Array(repeating: Array(repeating: 0x20, count: bufferWidth ?? width), count: height)
    }

    mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes { feed(byte) }
    }

    mutating func feed(_ byte: UInt8) {
        bytesFed += 1
        if byte != 0x0A, sequence != nil {
            sequence!.append(byte)
        } else {
            sequence = nil
            switch byte {
            case 0x1B: sequence = []
            case 0x08:
                if x > 0 { x -= 1 }
                if x < bufferWidth { memory[y][x] = 0x20 }
            case 0x0C: clear()
            case 0x0A:
                while x < bufferWidth {
                    memory[y][x] = 0x20
                    x += 1
                }
                x = 0
                y = (y + 1) % height
            case 0x0D: x = 0
            case 0x09: print(0x20)
            default: print(byte)
            }
        }
        guard let sequence, sequence.count >= 2 else { return }
        var processed = false
        if sequence == Array("[2J".utf8) {
            clear()
            processed = true
        } else if sequence == Array("[H".utf8) {
            (x, y) = (0, 0)
            processed = true
        } else if sequence.count >= 3, sequence[0] == UInt8(ascii: "["), sequence[1] == UInt8(ascii: "L") {
            processed = special(Array(sequence[2...]))
        }
        if processed || sequence.count >= Self.maximumSequence { self.sequence = nil }
    }

    private mutating func print(_ byte: UInt8) {
        guard x < bufferWidth else { return }
        memory[y][x] = byte
        x += 1
    }

    private mutating func clear() {
        memory = Array(repeating: Array(repeating: 0x20, count: bufferWidth), count: height)
        (x, y) = (0, 0)
    }

    /// `ESC[L` and what follows; whether it was understood (and so ends).
    private mutating func special(_ code: [UInt8]) -> Bool {
        switch Character(Unicode.Scalar(code[0])) {
        case "D": displayOn = true
        case "d": displayOn = false
        case "C": cursorOn = true
        case "c": cursorOn = false
        case "B": blinkOn = true
        case "b": blinkOn = false
        case "+": backlightOn = true
        case "-": backlightOn = false
        case "*", "f", "F", "n", "N", "L", "R": break
        case "l": if x > 0 { x -= 1 }
        case "r": if x < width { x += 1 }
        case "k":
            for column in x..<max(x, bufferWidth) { memory[y][column] = 0x20 }
        case "I":
            (displayOn, cursorOn, blinkOn) = (true, true, true)
            clear()
        case "G":
            guard code.contains(UInt8(ascii: ";")) else { return false }
            guard code.count > 1 else { return true }
            let slot = Int(code[1]) - Int(UInt8(ascii: "0"))
            guard (0...7).contains(slot) else { return true }
            var rows: [UInt8] = []
            var shift = 0
            var value: UInt8 = 0
            for character in code.dropFirst(2) where rows.count < 8 {
                shift ^= 4
                guard let half = Self.hexValue(character) else { continue }
                value |= half << UInt8(shift)
                if shift == 0 {
                    rows.append(value)
                    value = 0
                }
            }
            for (row, bits) in rows.enumerated() { glyphs[slot][row] = bits }
        case "x", "y":
            guard code.last == UInt8(ascii: ";") else { return false }
            if let (newX, newY) = Self.position(code, x: x, y: y) { (x, y) = (newX, newY) }
        default: return false
        }
        return true
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The kernel's parse_xy: `(x|y)[0-9]+` groups up to `;`, or nil for an invalid command.
    private static func position(_ code: [UInt8], x: Int, y: Int) -> (Int, Int)? {
        var (newX, newY) = (x, y)
        var index = 0
        while true {
            guard index < code.count else { return nil }
            let letter = code[index]
            if letter == UInt8(ascii: ";") { break }
            guard letter == UInt8(ascii: "x") || letter == UInt8(ascii: "y") else { return nil }
            index += 1
            var digits = 0
            var value = 0
            while index < code.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(code[index]) {
                value = value * 10 + Int(code[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
            if letter == UInt8(ascii: "x") { newX = value } else { newY = value }
        }
        return (newX, newY)
    }

    // MARK: Reading the grid

    /// The module's character ROM, as the HD44780U datasheet's tables give it (only the codes
    /// the tests read).
    enum ROM {
        /// ASCII, but ¥ for `\` and arrows for `~` and DEL; katakana above.
        case a00
        /// ASCII, and from 0xC0 the Latin-1 letters at their own codes, but Φ for Ø.
        case a02
    }

    /// The visible cells as text: ASCII and the ROM's characters (`rom`); a custom glyph as
    /// the first of `candidates` whose dots in `font` it has (`□` for none); `�` for the ROM's
    /// katakana and the rest.
    func lines(font: BitmapFont? = nil, candidates: String = "", rom: ROM = .a00) -> [String] {
        memory.map { line in
            String(
                line.prefix(width).map { code -> Character in
                    switch (code, rom) {
                    case (0x5C, .a00): "¥"
                    case (0x7E, .a00): "→"
                    case (0x7F, .a00): "←"
                    case (0xD8, .a02): "Φ"
                    case (0xC0...0xFF, .a02): Character(Unicode.Scalar(code))
                    case (0x20...0x7E, _): Character(Unicode.Scalar(code))
                    case (0...15, _): character(ofGlyph: Int(code % 8), font: font, candidates: candidates)
                    default: "�"
                    }
                })
        }
    }

    private func character(ofGlyph slot: Int, font: BitmapFont?, candidates: String) -> Character {
        guard let font else { return "□" }
        return candidates.first { Self.dots(of: $0, in: font) == glyphs[slot] } ?? "□"
    }

    /// `character`'s 5x8 dots in `font`, a row a byte, bit 4 the left dot.
    static func dots(of character: Character, in font: BitmapFont) -> [UInt8]? {
        guard let scalar = character.unicodeScalars.first, let glyph = font.glyph(for: scalar) else { return nil }
        return (0..<8).map { row in
            var bits: UInt8 = 0
            for column in 0..<5 where glyph.isSet(column, row) { bits |= 1 << UInt8(4 - column) }
            return bits
        }
    }
}
