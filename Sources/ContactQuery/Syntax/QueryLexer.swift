// SPDX-License-Identifier: Apache-2.0

/// One token of a query, with the column of its first character.
struct QueryToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier(String)
        /// `$time.today`: the name after `$`.
        case variable(String)
        case string(String, QueryModifiers)
        case number(Double)
        case op(QueryOperator)
        case anyAttribute  // **
        case and, or, not
        case leftParen, rightParen, comma
        case end
    }

    var kind: Kind
    var column: Int
}

/// Splits a query into tokens, working on characters so columns are the characters a user sees.
enum QueryLexer {
    static func tokens(_ text: String) throws(QuerySyntaxError) -> [QueryToken] {
        let characters = Array(text)
        var tokens: [QueryToken] = []
        var index = 0
        func peek(_ offset: Int = 0) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character.isWhitespace {
                index += 1
                continue
            }
            func emit(_ kind: QueryToken.Kind, length: Int) {
                tokens.append(QueryToken(kind: kind, column: column))
                index += length
            }
            switch (character, peek(1)) {
            case ("(", _): emit(.leftParen, length: 1)
            case (")", _): emit(.rightParen, length: 1)
            case (",", _): emit(.comma, length: 1)
            case ("&", "&"): emit(.and, length: 2)
            case ("|", "|"): emit(.or, length: 2)
            case ("*", "*"): emit(.anyAttribute, length: 2)
            case ("=", "="): emit(.op(.equal), length: 2)
            case ("!", "="): emit(.op(.notEqual), length: 2)
            case ("!", _): emit(.not, length: 1)
            case ("<", "="): emit(.op(.lessOrEqual), length: 2)
            case ("<", _): emit(.op(.less), length: 1)
            case (">", "="): emit(.op(.greaterOrEqual), length: 2)
            case (">", _): emit(.op(.greater), length: 1)
            case ("\"", _):
                tokens.append(try string(characters, &index))
            case ("$", _):
                index += 1
                let name = word(characters, &index)
                guard !name.isEmpty else { throw QuerySyntaxError(column: column, message: "expected a variable name after '$', such as $time.now") }
                tokens.append(QueryToken(kind: .variable(name), column: column))
            case ("-", let next?) where next.isASCII && next.isNumber:
                index += 1
                tokens.append(try number(characters, &index, column: column, negative: true))
            case (let c, _) where c.isASCII && c.isNumber:
                tokens.append(try number(characters, &index, column: column, negative: false))
            case (let c, _) where c.isLetter || c == "_":
                tokens.append(QueryToken(kind: .identifier(word(characters, &index)), column: column))
            case ("=", _):
                throw QuerySyntaxError(column: column, message: "'=' is not an operator; use '=='")
            case ("&", _):
                throw QuerySyntaxError(column: column, message: "'&' is not an operator; use '&&'")
            case ("|", _):
                throw QuerySyntaxError(column: column, message: "'|' is not an operator; use '||'")
            default:
                throw QuerySyntaxError(column: column, message: "unexpected character '\(character)'")
            }
        }
        tokens.append(QueryToken(kind: .end, column: characters.count + 1))
        return tokens
    }

    /// Letters, digits, `_` and `.`: an attribute, a keyword or a variable name.
    private static func word(_ characters: [Character], _ index: inout Int) -> String {
        var name = ""
        while index < characters.count {
            let c = characters[index]
            guard c.isLetter || c.isNumber || c == "_" || c == "." else { break }
            name.append(c)
            index += 1
        }
        return name
    }

    private static func number(_ characters: [Character], _ index: inout Int, column: Int, negative: Bool) throws(QuerySyntaxError) -> QueryToken {
        var digits = negative ? "-" : ""
        while index < characters.count, characters[index].isASCII, characters[index].isNumber || characters[index] == "." {
            digits.append(characters[index])
            index += 1
        }
        guard let value = Double(digits) else { throw QuerySyntaxError(column: column, message: "'\(digits)' is not a number") }
        return QueryToken(kind: .number(value), column: column)
    }

    /// A double-quoted string with `\"` and `\\` escapes, and the modifier letters right after it.
    private static func string(_ characters: [Character], _ index: inout Int) throws(QuerySyntaxError) -> QueryToken {
        let column = index + 1
        index += 1
        var text = ""
        while true {
            guard index < characters.count else {
                throw QuerySyntaxError(column: column, message: "unterminated string: no closing '\"'")
            }
            let c = characters[index]
            if c == "\"" { break }
            if c == "\\" {
                guard index + 1 < characters.count, characters[index + 1] == "\"" || characters[index + 1] == "\\" else {
                    throw QuerySyntaxError(column: index + 1, message: "unknown escape; only \\\" and \\\\ are escapes in a string")
                }
                text.append(characters[index + 1])
                index += 2
                continue
            }
            text.append(c)
            index += 1
        }
        index += 1
        var modifiers: QueryModifiers = []
        while index < characters.count, characters[index].isLetter {
            guard let modifier = QueryModifiers.letter(characters[index]) else {
                throw QuerySyntaxError(column: index + 1, message: "unknown modifier '\(characters[index])'; the modifiers are c, d, w and t")
            }
            modifiers.insert(modifier)
            index += 1
        }
        return QueryToken(kind: .string(text, modifiers), column: column)
    }
}
