// SPDX-License-Identifier: Apache-2.0

/// The line each key of a TOML text is written on, because TOMLKit reports positions only for
/// syntax errors and an error about a value should still name its line.
///
/// It reads table headers (`[search]`, `[[account]]`) and `key = value` lines, with dotted and
/// quoted keys, and skips multi-line strings. Keys inside inline tables are found at the line of
/// the inline table. It only locates keys; TOMLKit remains the parser.
struct SourceMap: Sendable, Hashable {
    /// The first line (1-based) of each full key path, of tables by their header.
    private var lines: [[String]: Int] = [:]

    init(text: String) {
        var table: [String] = []
        var openMultilineString: String?
        let textLines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, line) in textLines.enumerated() {
            let number = offset + 1
            if let delimiter = openMultilineString {
                if Self.count(of: delimiter, in: Substring(line)) % 2 == 1 { openMultilineString = nil }
                continue
            }
            var scanner = KeyScanner(line)
            scanner.skipSpace()
            if scanner.consume("[") {
                let isArrayOfTables = scanner.consume("[")
                guard let path = scanner.dottedKey(), scanner.consume("]"),
                    !isArrayOfTables || scanner.consume("]"), scanner.isAtEndOfContent
                else { continue }
                table = path
                record(path, line: number)
            } else if let path = scanner.dottedKey(), scanner.consume("=") {
                record(table + path, line: number)
                openMultilineString = Self.unclosedMultilineDelimiter(in: scanner.remainder)
            }
        }
    }

    /// The line of `path`, else of the nearest table that holds it (a key inside an inline
    /// table, a key TOMLKit named differently); nil when not even its table is written.
    func line(of path: [String]) -> Int? {
        var path = path[...]
        while !path.isEmpty {
            if let line = lines[Array(path)] { return line }
            path = path.dropLast()
        }
        return nil
    }

    /// Records `path` and the tables its dotted parts define, keeping the first mention.
    private mutating func record(_ path: [String], line: Int) {
        for end in path.indices where lines[Array(path[...end])] == nil {
            lines[Array(path[...end])] = line
        }
    }

    /// `"""` or `'''` when the value on this line opens a multi-line string it does not close.
    private static func unclosedMultilineDelimiter(in value: Substring) -> String? {
        for delimiter in [#"""""#, "'''"] where count(of: delimiter, in: value) % 2 == 1 {
            return delimiter
        }
        return nil
    }

    private static func count(of needle: String, in text: Substring) -> Int {
        let needle = Array(needle.unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        var count = 0
        var index = 0
        while index + needle.count <= scalars.count {
            if Array(scalars[index..<index + needle.count]) == needle {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}

/// Reads TOML keys (bare, "basic" and 'literal', joined by dots) from the start of one line.
private struct KeyScanner {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ line: Substring) { scalars = Array(line.unicodeScalars) }

    /// What follows the scanned part of the line.
    var remainder: Substring {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[position...])
        return Substring(String(text))
    }

    /// Whether only spaces or a comment are left.
    var isAtEndOfContent: Bool {
        var copy = self
        copy.skipSpace()
        return copy.position == scalars.count || copy.scalars[copy.position] == "#"
    }

    mutating func skipSpace() {
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" || scalars[position] == "\u{FEFF}" {
            position += 1
        }
    }

    /// Consumes `scalar` after optional spaces, or leaves the position alone.
    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        let start = position
        skipSpace()
        if position < scalars.count, scalars[position] == scalar {
            position += 1
            return true
        }
        position = start
        return false
    }

    /// `a.b."c d"` as ["a", "b", "c d"], or nil when the line does not start with a key.
    mutating func dottedKey() -> [String]? {
        var parts: [String] = []
        repeat {
            skipSpace()
            guard let part = simpleKey() else { return nil }
            parts.append(part)
        } while consume(".")
        return parts
    }

    private mutating func simpleKey() -> String? {
        guard position < scalars.count else { return nil }
        switch scalars[position] {
        case "\"": return quotedKey(closing: "\"", escapes: true)
        case "'": return quotedKey(closing: "'", escapes: false)
        default:
            let start = position
            while position < scalars.count, Self.isBareKeyScalar(scalars[position]) { position += 1 }
            guard position > start else { return nil }
            return String(String.UnicodeScalarView(scalars[start..<position]))
        }
    }

    private mutating func quotedKey(closing: Unicode.Scalar, escapes: Bool) -> String? {
        var key = String.UnicodeScalarView()
        var index = position + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == closing {
                position = index + 1
                return String(key)
            }
            if escapes, scalar == "\\" {
                guard let (escaped, length) = Self.escape(at: index + 1, in: scalars) else { return nil }
                key.append(escaped)
                index += 1 + length
            } else {
                key.append(scalar)
                index += 1
            }
        }
        return nil
    }

    /// The scalar a basic-string escape stands for, and how many scalars it takes after `\`.
    private static func escape(at index: Int, in scalars: [Unicode.Scalar]) -> (Unicode.Scalar, Int)? {
        guard index < scalars.count else { return nil }
        switch scalars[index] {
        case "b": return ("\u{08}", 1)
        case "t": return ("\t", 1)
        case "n": return ("\n", 1)
        case "f": return ("\u{0C}", 1)
        case "r": return ("\r", 1)
        case "e": return ("\u{1B}", 1)
        case "\"": return ("\"", 1)
        case "\\": return ("\\", 1)
        case "u", "U":
            let digits = scalars[index] == "u" ? 4 : 8
            guard index + digits < scalars.count else { return nil }
            let hex = String(String.UnicodeScalarView(scalars[(index + 1)...(index + digits)]))
            guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, 1 + digits)
        default: return nil
        }
    }

    private static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }
}
