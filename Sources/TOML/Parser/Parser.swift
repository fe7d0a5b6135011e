// SPDX-License-Identifier: Apache-2.0

/// The state of one parse: the bytes, how far the parser is, and the line it is on. The parts
/// of the grammar are in extensions (`Parser+Document.swift` and the rest).
///
/// The bytes are checked to be UTF-8 before parsing starts, so the parser can take any byte of
/// 0x80 and above for part of a character that only strings and comments may hold.
struct Parser {
    let bytes: [UInt8]
    /// The next byte to read.
    var index = 0
    /// The 1-based line of `index`.
    var line = 1
    /// Where that line starts in `bytes`.
    var lineStart = 0
    /// The column of `columnIndex` on the line starting at `columnLineStart`, so that columns
    /// are counted once along a line, not again from its start for every value.
    private var columnIndex = 0
    private var columnLineStart = 0
    private var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The byte at `index`, nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte `offset` bytes after `index`, nil past the end.
    func peek(_ offset: Int) -> UInt8? {
        let at = index + offset
        return at >= 0 && at < bytes.count ? bytes[at] : nil
    }

    /// Whether the bytes at `index` are `text` (ASCII).
    func isAt(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { wanted in
            var offset = 0
            while offset < count {
                if bytes[index + offset] != wanted[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    // MARK: Positions

    /// The position of byte `byteIndex`, which is on the current line: every caller asks for a
    /// byte it has just read or is about to read.
    mutating func position(at byteIndex: Int) -> TOMLPosition {
        let target = max(lineStart, min(byteIndex, bytes.count))
        if columnLineStart != lineStart || columnIndex > target {
            columnLineStart = lineStart
            columnIndex = lineStart
            column = 1
        }
        while columnIndex < target {
            // Every byte but a UTF-8 continuation byte starts a scalar.
            if bytes[columnIndex] & 0xC0 != 0x80 { column += 1 }
            columnIndex += 1
        }
        return TOMLPosition(line: line, column: column)
    }

    /// The position of the next byte.
    mutating func here() -> TOMLPosition { position(at: index) }

    /// An error at the next byte.
    mutating func failure(_ message: String) -> TOMLError {
        TOMLError(at: here(), message)
    }

    // MARK: Blanks, comments, line ends

    /// Skips spaces and tabs.
    mutating func skipBlanks() {
        while let byte = current, byte == .space || byte == .tab { index += 1 }
    }

    /// Whether the next byte ends a line: a line feed, or a carriage return (which must be
    /// followed by a line feed).
    var isAtLineEnd: Bool { current == .lineFeed || current == .carriageReturn }

    /// Reads one line end, `\n` or `\r\n`, and moves to the next line.
    mutating func consumeLineEnd() throws(TOMLError) {
        if current == .carriageReturn {
            guard peek(1) == .lineFeed else {
                throw failure("a carriage return (U+000D) must be followed by a line feed; a line ends with \\n or \\r\\n")
            }
            index += 1
        }
        index += 1
        line += 1
        lineStart = index
    }

    /// Reads a comment from its `#` to the end of its line, not the line end itself. A comment
    /// may hold any character but the control characters other than tab.
    mutating func skipComment() throws(TOMLError) {
        index += 1
        while let byte = current {
            if byte == .lineFeed || (byte == .carriageReturn && peek(1) == .lineFeed) { return }
            if byte.isControl {
                throw failure("a comment cannot hold \(Self.describe(scalar: UInt32(byte))); remove it")
            }
            index += 1
        }
    }

    /// Skips blanks, comments and line ends: the space between the items of an array.
    mutating func skipBlanksCommentsAndLineEnds() throws(TOMLError) {
        while let byte = current {
            switch byte {
            case .space, .tab: index += 1
            case .lineFeed, .carriageReturn: try consumeLineEnd()
            case .hash: try skipComment()
            default: return
            }
        }
    }

    // MARK: Saying what was found

    /// What the next byte is, for "found …": `'x'`, `the end of the line`, `the end of the file`.
    var found: String {
        guard let byte = current else { return "the end of the file" }
        if byte == .lineFeed || (byte == .carriageReturn && peek(1) == .lineFeed) { return "the end of the line" }
        if byte < 0x80 {
            return byte.isControl ? Self.describe(scalar: UInt32(byte)) : "'\(Character(Unicode.Scalar(byte)))'"
        }
        guard let scalar = decodeScalar(at: index) else { return "a byte that is not UTF-8" }
        return "'\(Character(scalar))' (\(Self.hex(scalar.value)))"
    }

    /// `the control character U+0000`.
    static func describe(scalar: UInt32) -> String {
        "the control character \(hex(scalar))"
    }

    /// `U+00E9`.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The scalar whose UTF-8 starts at `at`, nil when none does (the bytes are checked to be
    /// UTF-8 before parsing, so only a caller's mistake gives nil).
    func decodeScalar(at start: Int) -> Unicode.Scalar? {
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let equals = UInt8(ascii: "=")
    static let dot = UInt8(ascii: ".")
    static let comma = UInt8(ascii: ",")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// A control character TOML allows in no comment or string: U+0000 to U+001F but tab, and
    /// U+007F. Line ends are handled before this is asked.
    var isControl: Bool { (self < 0x20 && self != .tab) || self == 0x7F }

    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }

    var isHexDigit: Bool {
        isDigit || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }

    /// A character of a bare key: A-Z, a-z, 0-9, `_` and `-`.
    var isBareKey: Bool {
        isDigit || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || self == UInt8(ascii: "_") || self == UInt8(ascii: "-")
    }
}
