// SPDX-License-Identifier: Apache-2.0

/// Finds what toml++, the parser under TOMLKit, does not report but asserts against, which
/// aborts t9dial (SIGABRT, in release builds too: SwiftPM keeps C++ assertions on; built with
/// NDEBUG it would be undefined behaviour). So it must not reach toml++. Both were found by
/// make fuzz:
///
/// - a table header whose name starts with a character no key can start with (`[\`, `[ é`,
///   `[[#`, `[` at the end of a line): a `[` first on a line that is not inside a multi-line
///   array or string;
/// - a date and `T` followed by no digit but by a `:` in the same value (`1979-05-27T:`,
///   `1979-05-27Tx:`), which is no valid TOML anywhere outside strings and comments.
///
/// Strings and comments are skipped so that what is inside them is not taken for either.
enum TOMLPrecheck {
    /// The 1-based line and column of the first such text, and what is wrong there.
    static func firstProblem(in text: String) -> (line: Int, column: Int, message: String)? {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        return scanner.run()
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0
        var line = 1
        var lineStart = 0
        /// How many `[` and `{` of values are open.
        var depth = 0

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func isAt(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            return position + wanted.count <= scalars.count && Array(scalars[position..<(position + wanted.count)]) == wanted
        }

        mutating func advance() {
            if scalars[position] == "\n" {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }

        mutating func skipBlanks() {
            while let scalar = current, scalar == " " || scalar == "\t" { advance() }
        }

        static func startsKey(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_\"']".unicodeScalars.contains(scalar))
        }

        mutating func run() -> (line: Int, column: Int, message: String)? {
            var atLineStart = true
            while let scalar = current {
                if atLineStart, depth == 0, scalar == "[" {
                    advance()
                    let hadBlank = current == " " || current == "\t"
                    skipBlanks()
                    if current == "[", !hadBlank {
                        advance()
                        skipBlanks()
                    }
                    if let next = current, !Self.startsKey(next) {
                        let found = next == "\n" || next == "\r" ? "the end of the line" : "'\(next.escaped(asASCII: true))'"
                        return (
                            line, position - lineStart + 1,
                            "a table name must start with a letter, a digit, '_', '-' or a quote, saw \(found)"
                        )
                    }
                    skipToLineEnd()
                    continue
                }
                switch scalar {
                case "\n":
                    atLineStart = true
                    advance()
                    continue
                case " ", "\t", "\r": advance()
                case "#": skipToLineEnd()
                case "\"", "'": skipString(quote: scalar)
                case "[", "{":
                    depth += 1
                    advance()
                case "]", "}":
                    depth = max(0, depth - 1)
                    advance()
                default:
                    if isDateBeforeTimeColon() {
                        return (line, position - lineStart + 1, "a date and time must have the time after the 'T', like 1979-05-27T07:32:00")
                    }
                    advance()
                }
                if scalar != " ", scalar != "\t", scalar != "\r" { atLineStart = false }
            }
            return nil
        }

        /// Whether a date and `T` (or `t`) start here, after no other digit, followed by no digit
        /// but by a `:` before the value ends (`1979-05-27T:`, `1979-05-27Tx:`, `1979-05-27Té:00`).
        func isDateBeforeTimeColon() -> Bool {
            let pattern = Array("0000-00-00T".unicodeScalars)
            guard position + pattern.count < scalars.count, position == 0 || !Self.isDigit(scalars[position - 1]) else { return false }
            for (offset, wanted) in pattern.enumerated() {
                let scalar = scalars[position + offset]
                switch wanted {
                case "0": guard Self.isDigit(scalar) else { return false }
                case "T": guard scalar == "T" || scalar == "t" else { return false }
                default: guard scalar == wanted else { return false }
                }
            }
            var end = position + pattern.count
            guard !Self.isDigit(scalars[end]) else { return false }
            // toml++ reads the value up to a blank, a comma, a bracket or a comment, '=' and quotes
            // included (`1979-05-27Té=é:` asserts too).
            while end < scalars.count, !" \t\r\n,]}#".unicodeScalars.contains(scalars[end]) {
                if scalars[end] == ":" { return true }
                end += 1
            }
            return false
        }

        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

        mutating func skipToLineEnd() {
            while let scalar = current, scalar != "\n" { advance() }
        }

        /// Past a basic or literal string, single-line or multi-line, from its opening quote.
        mutating func skipString(quote: Unicode.Scalar) {
            let triple = String(repeating: Character(quote), count: 3)
            if isAt(triple) {
                for _ in 0..<3 { advance() }
                while current != nil, !isAt(triple) {
                    if quote == "\"", current == "\\", position + 1 < scalars.count { advance() }
                    advance()
                }
                // Up to two more quotes may end the string's content.
                for _ in 0..<3 where current != nil { advance() }
                while current == quote { advance() }
                return
            }
            advance()
            while let scalar = current, scalar != quote, scalar != "\n" {
                if quote == "\"", scalar == "\\", position + 1 < scalars.count, scalars[position + 1] != "\n" { advance() }
                advance()
            }
            if current == quote { advance() }
        }
    }
}
