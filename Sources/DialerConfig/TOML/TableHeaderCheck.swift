/// Finds a table header whose name starts with a character no key can start with (`[\`,
/// `[ é`, `[[#`, `[` at the end of a line). toml++, the parser under TOMLKit, does not report
/// these: it asserts that a header's name starts with a key character, which aborts t9dial
/// (SIGABRT, in release builds too: SwiftPM keeps C++ assertions on), and built with NDEBUG it
/// would assume it instead (undefined behaviour). So they must not reach it.
///
/// Only headers are looked for: a `[` first on a line that is not inside a multi-line array or
/// string. Strings and comments are skipped so that a `[` inside them is not taken for one.
enum TableHeaderCheck {
    /// The 1-based line and column of the first such header, and the character found there.
    static func firstBadHeader(in text: String) -> (line: Int, column: Int, found: Unicode.Scalar)? {
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

        mutating func run() -> (line: Int, column: Int, found: Unicode.Scalar)? {
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
                    if let next = current, !Self.startsKey(next) { return (line, position - lineStart + 1, next) }
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
                default: advance()
                }
                if scalar != " ", scalar != "\t", scalar != "\r" { atLineStart = false }
            }
            return nil
        }

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
