// SPDX-License-Identifier: Apache-2.0

/// One part of a dotted key, as read: `b` of `a.b = 1`.
struct KeyPart {
    var name: String
    /// The name in UTF-8, which tables compare keys by.
    var bytes: [UInt8]
    var position: TOMLPosition
}

extension Parser {
    /// Reads a key: bare (`A-Za-z0-9_-`) or quoted parts joined by dots, blanks allowed around
    /// the dots. At most `TOMLParser.maximumDepth` parts.
    mutating func parseKey() throws(TOMLError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            skipBlanks()
            let position = here()
            let name: [UInt8]
            switch current {
            case .quote?:
                guard !isAt("\"\"\"") else { throw failure("a key cannot be a multi-line string; quote it on one line, like \"a key\"") }
                name = try parseBasicString()
            case .apostrophe?:
                guard !isAt("'''") else { throw failure("a key cannot be a multi-line string; quote it on one line, like 'a key'") }
                name = try parseLiteralString()
            case let byte? where byte.isBareKey:
                let start = index
                while let byte = current, byte.isBareKey { index += 1 }
                name = Array(bytes[start..<index])
            default:
                let expected = parts.isEmpty ? "a key" : "a key after '.'"
                throw failure(
                    "expected \(expected), found \(found); a bare key is letters, digits, '_' and '-', other keys are quoted, like \"a key\"")
            }
            guard parts.count < TOMLParser.maximumDepth else {
                throw TOMLError(at: position, "this key has more than \(TOMLParser.maximumDepth) dotted parts, more than a TOML file here may nest")
            }
            parts.append(KeyPart(name: String(decoding: name, as: UTF8.self), bytes: name, position: position))
            skipBlanks()
            guard current == .dot else { return parts }
            index += 1
        }
    }

    /// `a.b."c d"`, for messages.
    static func dotted(_ parts: some Collection<KeyPart>) -> String {
        parts.map { part in
            !part.bytes.isEmpty && part.bytes.allSatisfy(\.isBareKey) ? part.name : quoted(part.name)
        }.joined(separator: ".")
    }

    /// A key in double quotes, with what would not show escaped.
    static func quoted(_ text: String) -> String { TOMLText.quoted(text) }
}
