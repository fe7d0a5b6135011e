// SPDX-License-Identifier: Apache-2.0

extension Parser {
    // MARK: One line

    /// Reads a basic string, `"…"` with escapes, from its opening quote; gives its UTF-8.
    mutating func parseBasicString() throws(TOMLError) -> [UInt8] {
        let start = here()
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                throw TOMLError(at: start, "this string is not closed: the file ends before its closing '\"'")
            }
            switch byte {
            case .quote:
                index += 1
                return text
            case .backslash: try parseEscape(into: &text)
            case .lineFeed, .carriageReturn:
                throw failure(#"a string in "double quotes" must close on its line; write """ at both ends for a string of several lines"#)
            case _ where byte.isControl:
                throw failure("a string cannot hold \(Self.describe(scalar: UInt32(byte))); write it as \(Self.escape(UInt32(byte)))")
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// Reads a literal string, `'…'` with no escapes, from its opening quote; gives its UTF-8.
    mutating func parseLiteralString() throws(TOMLError) -> [UInt8] {
        let start = here()
        index += 1
        let first = index
        while true {
            guard let byte = current else {
                throw TOMLError(at: start, "this string is not closed: the file ends before its closing \"'\"")
            }
            switch byte {
            case .apostrophe:
                index += 1
                return Array(bytes[first..<(index - 1)])
            case .lineFeed, .carriageReturn:
                throw failure("a string in 'single quotes' must close on its line; write ''' at both ends for a string of several lines")
            case _ where byte.isControl:
                throw failure(
                    "a string in 'single quotes' cannot hold \(Self.describe(scalar: UInt32(byte))); "
                        + "write it in double quotes as \(Self.escape(UInt32(byte)))")
            default: index += 1
            }
        }
    }

    // MARK: Several lines

    /// Reads a multi-line basic string, `"""…"""`, from its opening quotes. A line end right
    /// after the opening quotes is not part of it, a `\` last on a line joins the next
    /// non-blank character to it, and `\r\n` in it reads as `\n`.
    mutating func parseMultilineBasicString() throws(TOMLError) -> [UInt8] {
        let start = here()
        index += 3
        if isAtLineEnd { try consumeLineEnd() }
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                throw TOMLError(at: start, #"this string is not closed: the file ends before its closing """"#)
            }
            switch byte {
            case .quote:
                if try closeMultiline(quote: .quote, into: &text) { return text }
            case .backslash:
                if isLineEndingBackslash() {
                    index += 1
                    skipBlanks()
                    while let next = current, next == .space || next == .tab || next == .lineFeed || next == .carriageReturn {
                        if next == .space || next == .tab { index += 1 } else { try consumeLineEnd() }
                    }
                } else {
                    try parseEscape(into: &text)
                }
            case .lineFeed, .carriageReturn:
                try consumeLineEnd()
                text.append(.lineFeed)
            case _ where byte.isControl:
                throw failure("a string cannot hold \(Self.describe(scalar: UInt32(byte))); write it as \(Self.escape(UInt32(byte)))")
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// Reads a multi-line literal string, `'''…'''`, from its opening quotes: no escapes; a
    /// line end right after the opening quotes is not part of it, and `\r\n` reads as `\n`.
    mutating func parseMultilineLiteralString() throws(TOMLError) -> [UInt8] {
        let start = here()
        index += 3
        if isAtLineEnd { try consumeLineEnd() }
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                throw TOMLError(at: start, "this string is not closed: the file ends before its closing '''")
            }
            switch byte {
            case .apostrophe:
                if try closeMultiline(quote: .apostrophe, into: &text) { return text }
            case .lineFeed, .carriageReturn:
                try consumeLineEnd()
                text.append(.lineFeed)
            case _ where byte.isControl:
                throw failure(
                    "a string in ''' cannot hold \(Self.describe(scalar: UInt32(byte))); write it in \"\"\" as \(Self.escape(UInt32(byte)))")
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// At a run of `quote`s in a multi-line string: fewer than three are text; three to five
    /// close the string, the ones before the last three being text; six or more are an error.
    private mutating func closeMultiline(quote: UInt8, into text: inout [UInt8]) throws(TOMLError) -> Bool {
        var count = 0
        while peek(count) == quote { count += 1 }
        guard count >= 3 else {
            text.append(contentsOf: repeatElement(quote, count: count))
            index += count
            return false
        }
        guard count <= 5 else {
            index += 5
            let delimiter = quote == .quote ? "\"\"\"" : "'''"
            throw failure("too many quotes: \(delimiter) closed the string just before; escape the quote or move it into the string")
        }
        text.append(contentsOf: repeatElement(quote, count: count - 3))
        index += count
        return true
    }

    /// Whether the `\` at `index` is the last character of its line but blanks.
    private func isLineEndingBackslash() -> Bool {
        var offset = 1
        while let byte = peek(offset), byte == .space || byte == .tab { offset += 1 }
        return peek(offset) == .lineFeed || (peek(offset) == .carriageReturn && peek(offset + 1) == .lineFeed)
    }

    // MARK: Escapes

    /// Reads an escape from its `\` and appends the character it stands for.
    private mutating func parseEscape(into text: inout [UInt8]) throws(TOMLError) {
        let start = here()
        index += 1
        guard let letter = current else {
            throw TOMLError(at: start, "the file ends inside an escape")
        }
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "t"): .tab
            case UInt8(ascii: "n"): .lineFeed
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "r"): .carriageReturn
            case .quote: .quote
            case .backslash: .backslash
            default: nil
            }
        if let simple {
            text.append(simple)
            index += 1
            return
        }
        guard letter == UInt8(ascii: "u") || letter == UInt8(ascii: "U") else {
            let written = letter > 0x20 && letter < 0x7F ? "\\\(Character(Unicode.Scalar(letter)))" : "a backslash before \(found)"
            throw TOMLError(
                at: start,
                "\(written) is not an escape TOML knows; the escapes are \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX "
                    + "and \\UXXXXXXXX, and a backslash itself is written \\\\")
        }
        let count = letter == UInt8(ascii: "u") ? 4 : 8
        index += 1
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let digit = peek(offset), digit.isHexDigit else {
                throw TOMLError(at: start, "\\\(Character(Unicode.Scalar(letter))) must be followed by \(count) hexadecimal digits")
            }
            value = value << 4 | UInt32(Self.hexValue(digit))
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw TOMLError(at: start, "\(Self.hex(value)) is not a Unicode scalar value (a surrogate, or past U+10FFFF), so it cannot be escaped")
        }
        index += count
        text.append(contentsOf: String(scalar).utf8)
    }

    /// The value of a hexadecimal digit.
    static func hexValue(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: digit &- UInt8(ascii: "A") &+ 10
        }
    }

    /// `\u0007`, how a control character is written in a basic string.
    static func escape(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
