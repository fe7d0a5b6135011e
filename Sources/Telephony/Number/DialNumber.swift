// SPDX-License-Identifier: Apache-2.0

import T9Search

/// A phone number as the dial methods take it: exactly its dialable characters, `0-9 * #` and a
/// `+` first (letters after a digit as their keys), and the extension shown but never dialled.
/// The reading is T9Search's `DialableNumber`, the one the import checks numbers with, so what
/// a contact shows and what is dialled never disagree. A number with nothing to dial, too much,
/// or anything no phone dials (shell punctuation, words) is refused with a `DialNumberError`
/// before anything is run.
public struct DialNumber: Sendable, Hashable, CustomStringConvertible {
    /// What is dialled: only `0-9 + * #`, `+` only first.
    public let dialString: String
    /// What followed an extension marker, as written ("5" for "... ext. 5"); nil when none.
    public let extensionPart: String?

    /// Longer than any number or service code a network takes (E.164 numbers have at most 15
    /// digits); a longer result is a paste of something else.
    public static let maximumLength = DialableNumber.maximumLength

    /// Reads a number as written; refuses one that cannot be dialled.
    public init(_ written: String) throws(DialNumberError) {
        do {
            let number = try DialableNumber(written)
            dialString = number.dialString
            extensionPart = number.extensionPart
        } catch {
            switch error {
            case .nothingToDial: throw .nothingToDial(written)
            case .tooLong(let length): throw .tooLong(written, length: length)
            case .notDialable(let found): throw .notDialable(written, found: found)
            }
        }
    }

    public var description: String { dialString }
}

/// Why a number as written cannot be dialled.
public enum DialNumberError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No digit, `*` or `#` before any extension marker ("", "ext. 5", "n/a").
    case nothingToDial(String)
    /// More than `DialNumber.maximumLength` characters to dial.
    case tooLong(String, length: Int)
    /// A character or word no phone dials ("$", "call", a second "+").
    case notDialable(String, found: String)

    public var description: String {
        switch self {
        case .nothingToDial(let written): "nothing to dial in \"\(written)\""
        case .tooLong(_, let length):
            "the number has \(length) characters to dial, more than \(DialNumber.maximumLength)"
        case .notDialable(let written, let found):
            "\"\(written)\" is not a number to dial: it holds \"\(found)\", which no phone dials; correct the contact's number"
        }
    }
}
