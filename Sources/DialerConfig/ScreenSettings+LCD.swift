// SPDX-License-Identifier: Apache-2.0

/// `lcd`, `lcd_size` and `lcd_rom` in `[screen]`: an HD44780 character display through the
/// kernel's charlcd (`/dev/lcd`), how many characters it shows, and its character ROM.
extension ScreenSettings {
    /// `lcd = "/dev/lcd"` (an absolute path, or `""` for none) and `lcd_size = "16x2"`.
    mutating func readLCD(_ table: TableReader) throws(ConfigError) {
        if let path = try table.string("lcd", example: #"lcd = "/dev/lcd""#), !path.isEmpty {
            guard path.hasPrefix("/") else {
                throw table.error(
                    at: "lcd",
                    "\(table.subject("lcd")) must be the absolute path of a character display such as \"/dev/lcd\", "
                        + "or \"\" for none; found \(TableReader.quoted(path))")
            }
            lcd = path
        }
        if let text = try table.string("lcd_size", example: #"lcd_size = "20x4""#) {
            guard let size = LCDSize(parsing: text) else {
                throw table.error(at: "lcd_size", "\(table.subject("lcd_size")) \(LCDSize.expectation); found \(TableReader.quoted(text))")
            }
            lcdSize = size
        }
        if let text = try table.string("lcd_rom", example: #"lcd_rom = "A02""#) {
            guard let rom = LCDCharacterROM(rawValue: text.uppercased()) else {
                throw table.error(
                    at: "lcd_rom",
                    "\(table.subject("lcd_rom")) must be \"A00\" (the Japanese ROM of most modules) or \"A02\" (the European one, "
                        + "with accented letters); found \(TableReader.quoted(text))")
            }
            lcdROM = rom
        }
    }
}

/// The character ROM an HD44780 was made with, which the module cannot report: "A00", the
/// Japanese one of most modules (ASCII and katakana), or "A02", the European one (ASCII, the
/// Latin-1 letters, Cyrillic capitals and Greek).
public enum LCDCharacterROM: String, Sendable, Hashable, CaseIterable {
    case a00 = "A00"
    case a02 = "A02"
}

/// How many characters a character display shows: 16x2, 20x4. An HD44780 addresses at most
/// 80 characters on at most 4 lines, and the kernel's charlcd no line longer than 40.
public struct LCDSize: Sendable, Hashable, CustomStringConvertible {
    public let columns: Int
    public let rows: Int

    /// The narrowest display: the query line needs its mode and a few digits.
    public static let columnRange = 8...40
    public static let rowRange = 1...4
    /// The characters an HD44780's display memory holds.
    public static let maximumCells = 80
    /// The most common module, and the default.
    public static let sixteenByTwo = LCDSize(checkedColumns: 16, rows: 2)

    private init(checkedColumns columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size, or nil when an HD44780 cannot be that size.
    public init?(columns: Int, rows: Int) {
        guard Self.columnRange.contains(columns), Self.rowRange.contains(rows), columns * rows <= Self.maximumCells else { return nil }
        self.init(checkedColumns: columns, rows: rows)
    }

    /// "16x2", "20x4": columns by rows.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let columns = Int(parts[0]), let rows = Int(parts[1])
        else { return nil }
        self.init(columns: columns, rows: rows)
    }

    /// What a size must be, for errors: "must be COLUMNSxROWS ...".
    public static let expectation =
        "must be COLUMNSxROWS, such as \"16x2\" or \"20x4\": \(columnRange.lowerBound) to \(columnRange.upperBound) columns, "
        + "\(rowRange.lowerBound) to \(rowRange.upperBound) rows, at most \(maximumCells) characters"

    public var description: String { "\(columns)x\(rows)" }
}
