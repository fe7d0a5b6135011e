// SPDX-License-Identifier: Apache-2.0

/// A phone number as written in a contact book, read as a phone reads it: what is dialled, and
/// the extension or post-dial part shown but not dialled. One reading for the whole program: the
/// import drops a number it refuses (with a warning), and the dialer dials only what it gives.
///
/// What is dialled is exactly the number's dialable characters:
/// - decimal digits of any script, as ASCII digits ("０１２１" and "٠١٢٣" too);
/// - `*` and `#` (codes like `*#06#` and `#31#`), and one `+` before the first digit;
/// - letters after a digit, as their keys on a phone (ITU E.161: ABC is 2 ... WXYZ is 9), so
///   `1-800-FLOWERS` dials 18003569377, as phones do.
///
/// Besides these, a number may hold only what people write between digits: spaces, `-`, `.`,
/// `(`, `)`, `/` and Unicode dashes; a leading `tel:` or `Tel`; and an extension or post-dial
/// part, which ends what is dialled: the words `x`, `ext`, `extn`, `extension`, `p`, `w`, a
/// `,` (a pause), or RFC 3966's `;ext=5` (other `;name=value` parameters are ignored).
///
/// Anything else, such as shell punctuation (`$`, backquotes, `;` before a digit, `&`, `|`),
/// other words, a second `+` or a superscript, makes the number not dialable: a typo or a paste
/// of something else is refused, not dialled in part.
public struct DialableNumber: Sendable, Hashable {
    /// What is dialled: only `0-9 + * #`, `+` only first.
    public let dialString: String
    /// What followed an extension marker, as written ("5" for "... ext. 5"); nil when none.
    public let extensionPart: String?

    /// The most characters dialled: 64, longer than any number or service code a network takes
    /// (E.164 numbers have at most 15 digits).
    public static let maximumLength = 64

    /// Why a number as written cannot be dialled.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// No digit, `*` or `#` before any extension ("", "ext. 5", "(---)").
        case nothingToDial
        /// More than `maximumLength` characters to dial.
        case tooLong(length: Int)
        /// A character or word no phone dials, as found ("$", "`", "call", "+").
        case notDialable(String)

        public var description: String {
            switch self {
            case .nothingToDial: "it has nothing to dial"
            case .tooLong(let length): "it has \(length) characters to dial, more than \(DialableNumber.maximumLength)"
            case .notDialable(let found): "it holds \"\(found)\", which no phone dials"
            }
        }
    }

    /// Reads `written`; throws when it is not a number to dial.
    public init(_ written: String) throws(Problem) {
        var characters = Substring(written)
        if characters.lowercased().hasPrefix("tel:") { characters = characters.dropFirst(4) }
        var dialled = ""
        var extensionStart: Substring.Index?
        var index = characters.startIndex
        scan: while index < characters.endIndex {
            let character = characters[index]
            let next = characters.index(after: index)
            if let digit = Self.asciiDigit(character) {
                dialled.append(digit)
            } else if character == "*" || character == "#" {
                dialled.append(character)
            } else if character == "+" {
                guard dialled.isEmpty else { throw .notDialable("+") }
                dialled.append("+")
            } else if Self.separators.contains(character) {
                // Written between digits for people; not dialled.
            } else if character == "," {
                extensionStart = next
                break scan
            } else if character == ";" {
                // RFC 3966 parameters: ";ext=5" is an extension, others are ignored.
                let parameter = characters[next...]
                guard let first = parameter.first, first.isASCII, first.isLetter, parameter.contains("=") else {
                    throw .notDialable(";")
                }
                if parameter.lowercased().hasPrefix("ext=") {
                    extensionStart = parameter.index(parameter.startIndex, offsetBy: 4)
                }
                break scan
            } else if character.isASCII, character.isLetter {
                var end = index
                while end < characters.endIndex, characters[end].isASCII, characters[end].isLetter { end = characters.index(after: end) }
                let word = characters[index..<end]
                let lowered = word.lowercased()
                if Self.extensionWords.contains(lowered) {
                    extensionStart = end
                    break scan
                } else if lowered == "tel", dialled.isEmpty {
                    // "Tel. 0121 ...", "tel 555": the label, not the number.
                    if end < characters.endIndex, characters[end] == ":" { end = characters.index(after: end) }
                } else if dialled.contains(where: \.isNumber) {
                    dialled += word.map { Self.key(of: $0) }
                } else {
                    throw .notDialable(String(word))
                }
                index = end
                continue scan
            } else {
                throw .notDialable(String(character))
            }
            index = next
        }
        guard dialled.contains(where: { $0 != "+" }) else { throw .nothingToDial }
        guard dialled.count <= Self.maximumLength else { throw .tooLong(length: dialled.count) }
        dialString = dialled
        if let start = extensionStart {
            let rest = characters[start...].drop(while: { $0 == "." || $0 == ":" || $0.isWhitespace })
            extensionPart = rest.isEmpty ? nil : String(rest.reversed().drop(while: \.isWhitespace).reversed())
        } else {
            extensionPart = nil
        }
    }

    /// Whether `written` is only ASCII digits, `*`, `#`, separators and a `+` before any digit:
    /// then it reads without a problem (unless it has nothing to dial or too much), and the
    /// import, which reads a hundred thousand numbers at start, need not parse it.
    public static func isPlainlyDialable(_ written: String) -> Bool {
        var sawDigit = false, sawPlus = false
        for byte in written.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "#"): sawDigit = true
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "/"): continue
            case UInt8(ascii: "+") where !sawDigit && !sawPlus: sawPlus = true
            default: return false
            }
        }
        return true
    }

    /// What people write between digits: spaces (the no-break one too), `-`, `.`, `(`, `)`, `/`,
    /// and the Unicode dashes and minus.
    private static let separators: Set<Character> = [
        " ", "\u{A0}", "\u{202F}", "\t", "-", ".", "(", ")", "/", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}",
        "\u{2212}",
    ]

    /// Words that end the dialled part: an extension follows, or a pause or wait before more
    /// tones.
    private static let extensionWords: Set<String> = ["x", "ext", "extn", "extension", "p", "w"]

    /// A decimal digit of any script ("7", "٧", "７") as an ASCII digit; nil for anything else
    /// (superscripts and fractions are numbers but not decimal digits).
    private static func asciiDigit(_ character: Character) -> Character? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            scalar.properties.numericType == .decimal, let value = character.wholeNumberValue,
            (0...9).contains(value)
        else { return nil }
        return Character(String(value))
    }

    /// The key an ASCII letter is on (ITU E.161).
    private static func key(of letter: Character) -> Character {
        switch letter.lowercased() {
        case "a", "b", "c": "2"
        case "d", "e", "f": "3"
        case "g", "h", "i": "4"
        case "j", "k", "l": "5"
        case "m", "n", "o": "6"
        case "p", "q", "r", "s": "7"
        case "t", "u", "v": "8"
        default: "9"
        }
    }
}
