/// A phone number reduced to the characters a phone dials: the digits 0-9, `*`, `#`, and a `+`
/// in front.
///
/// A number as written in a contact book ("+44 (121) 496-0000 ext. 5", "tel:0121 496 0000",
/// "０１２１") is reduced this way:
/// - decimal digits of any script become ASCII digits; `*` and `#` are kept (codes like
///   `*#06#` and `#31#` are dialled as they are);
/// - `+` is kept only before the first digit (the international prefix); a later one is dropped;
/// - an extension or a post-dial sequence ends the number: the words `x`, `ext`, `extn`,
///   `extension`, and `;`, `,`, `p`, `w` (the tel: URI's and phones' pause and wait). A real
///   dialer does not dial an extension as part of the number (it would reach a wrong
///   number or nothing), so what follows is kept in `extensionPart` to be shown, never dialled;
/// - anything else (spaces, brackets, dashes, dots, other words such as "tel") is dropped.
///
/// The result is never empty and at most `maximumLength` characters: an empty or overlong
/// result is refused with a `DialNumberError`, before anything is run.
public struct DialNumber: Sendable, Hashable, CustomStringConvertible {
    /// What is dialled: only `0-9 + * #`, `+` only first.
    public let dialString: String
    /// What followed an extension marker, as written ("5" for "... ext. 5"); nil when none.
    public let extensionPart: String?

    /// Longer than any number or service code a network takes (E.164 numbers have at most 15
    /// digits); a longer result is a paste of something else.
    public static let maximumLength = 64

    /// Reduces a number as written; refuses one with nothing to dial or far too long.
    public init(_ written: String) throws(DialNumberError) {
        var dialled = ""
        var extensionStart: String.Index?
        var index = written.startIndex
        scan: while index < written.endIndex {
            let character = written[index]
            if let digit = Self.asciiDigit(character) {
                dialled.append(digit)
            } else if character == "*" || character == "#" {
                dialled.append(character)
            } else if character == "+" {
                if dialled.isEmpty { dialled.append("+") }
            } else if character == ";" || character == "," {
                extensionStart = written.index(after: index)
                break scan
            } else if character.isLetter {
                var wordEnd = index
                while wordEnd < written.endIndex, written[wordEnd].isLetter { wordEnd = written.index(after: wordEnd) }
                let word = written[index..<wordEnd].lowercased()
                if Self.extensionWords.contains(word) {
                    extensionStart = wordEnd
                    break scan
                }
                index = wordEnd
                continue scan
            }
            index = written.index(after: index)
        }
        guard dialled.contains(where: { $0 != "+" }) else { throw .nothingToDial(written) }
        guard dialled.count <= Self.maximumLength else { throw .tooLong(written, length: dialled.count) }
        dialString = dialled
        if let start = extensionStart {
            let rest = written[start...].drop(while: { $0 == "." || $0 == ":" || $0.isWhitespace })
            extensionPart = rest.isEmpty ? nil : String(rest.reversed().drop(while: \.isWhitespace).reversed())
        } else {
            extensionPart = nil
        }
    }

    public var description: String { dialString }

    /// Words that end the dialled part: an extension follows, or a pause or wait before more
    /// tones.
    private static let extensionWords: Set<String> = ["x", "ext", "extn", "extension", "p", "w"]

    /// A decimal digit of any script ("7", "٧", "７") as an ASCII digit; nil for anything else
    /// (superscripts and fractions are numbers but not decimal digits, so are not dialled).
    private static func asciiDigit(_ character: Character) -> Character? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
              scalar.properties.numericType == .decimal, let value = character.wholeNumberValue,
              (0...9).contains(value)
        else { return nil }
        return Character(String(value))
    }
}

/// Why a number as written cannot be dialled.
public enum DialNumberError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No digit, `*` or `#` before any extension marker ("", "ext. 5", "n/a").
    case nothingToDial(String)
    /// More than `DialNumber.maximumLength` characters to dial.
    case tooLong(String, length: Int)

    public var description: String {
        switch self {
        case .nothingToDial(let written): "nothing to dial in \"\(written)\""
        case .tooLong(_, let length):
            "the number has \(length) characters to dial, more than \(DialNumber.maximumLength)"
        }
    }
}
