// SPDX-License-Identifier: Apache-2.0

import T9Search

/// The limits every imported contact is held to, in one place: what a phone book needs is far
/// below them, and past them a damaged or hostile file would make the dialer slow or its screen
/// useless. Over a limit, the field is cut or dropped, the rest of the contact is kept, and a
/// warning says so at the card's or row's line. (The README's "Limits and bad input" lists them.)
///
/// Text is also made fit to show: NUL is dropped, and the other control characters (a newline
/// from a vCard `\n` escape or a quoted CSV field, a tab, ESC) become spaces, so a name is always
/// one line and carries no escape sequence.
public enum ImportLimits {
    /// The most characters of a name, nickname, organization or reading: 1,000 (the longest
    /// real names are a few hundred characters).
    public static let maxTextCharacters = 1000
    /// The most digits a number may have and still be dialled: 64, as `DialNumber` and the
    /// T9 index (`IndexBuilder.maxNumberDigits`) take it.
    public static let maxNumberDigits = 64
    /// The most characters of a number as written (separators, an extension): 200.
    public static let maxNumberCharacters = 200
    /// The most numbers, emails, nicknames and categories kept of one contact: 100 each.
    public static let maxItems = 100

    /// `contact` held to the limits, and a warning for each thing cut or dropped.
    static func apply(to contact: inout Contact) -> [String] {
        var notes: [String] = []
        func fit(_ text: inout String, _ what: String) {
            let cleaned = oneLine(text)
            // Counting characters walks the text: only when its bytes could be too many.
            if cleaned.utf8.count > maxTextCharacters, cleaned.count > maxTextCharacters {
                notes.append("\(what) is \(cleaned.count) characters long; cut to \(maxTextCharacters)")
                text = String(cleaned.prefix(maxTextCharacters))
            } else {
                text = cleaned
            }
        }
        func fit(_ text: inout String?, _ what: String) {
            guard var value = text else { return }
            fit(&value, what)
            text = value
        }
        func fit(_ list: inout [String], _ what: String) {
            if list.count > maxItems {
                notes.append("\(list.count) \(what); the first \(maxItems) kept")
                list.removeLast(list.count - maxItems)
            }
            for index in list.indices { fit(&list[index], String(what.dropLast())) }
        }
        fit(&contact.displayName, "the name")
        if var name = contact.name {
            for keyPath in [\StructuredName.family, \.given, \.additional, \.prefix, \.suffix] {
                fit(&name[keyPath: keyPath], "a part of the name (N)")
            }
            contact.name = name
        }
        fit(&contact.nicknames, "nicknames")
        fit(&contact.phoneticGivenName, "the phonetic given name")
        fit(&contact.phoneticMiddleName, "the phonetic middle name")
        fit(&contact.phoneticFamilyName, "the phonetic family name")
        fit(&contact.sortAs, "SORT-AS")
        fit(&contact.organization, "the organization")
        fit(&contact.emails, "emails")
        fit(&contact.categories, "categories")
        if contact.numbers.count > maxItems {
            notes.append("\(contact.numbers.count) numbers; the first \(maxItems) kept")
            contact.numbers.removeLast(contact.numbers.count - maxItems)
        }
        contact.numbers = contact.numbers.compactMap { number in
            var number = number
            number.value = oneLine(number.value)
            guard number.value.utf8.count > maxNumberDigits else { return number }
            let digits = number.value.unicodeScalars.lazy.filter { $0.properties.numericType == .decimal }.count
            if digits > maxNumberDigits || number.value.count > maxNumberCharacters {
                notes.append(
                    "a number of \(digits) digits (\(number.value.count) characters) is longer than any that can be dialled (\(maxNumberDigits) digits); number dropped"
                )
                return nil
            }
            return number
        }.compactMap { number in
            // What would be dialled is exactly its dialable characters: a number holding
            // anything else (shell punctuation, words) is refused here, not dialled in part.
            if !DialableNumber.isPlainlyDialable(number.value),
                case .failure(.notDialable(let found)) = Result(catching: { () throws(DialableNumber.Problem) in try DialableNumber(number.value) })
            {
                notes.append("the number \"\(number.value)\" holds \"\(found)\", which no phone dials; number dropped")
                return nil
            }
            return number
        }
        return notes
    }

    /// `text` without NUL, its other control characters (C0, DEL, C1) as spaces.
    static func oneLine(_ text: String) -> String {
        // C1 controls are U+0080...U+009F, whose UTF-8 starts with 0xC2. Every field of every
        // contact passes here, so the check reads the string's bytes in place.
        @inline(__always) func mayNeedCleaning(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0xC2 }
        let needsCleaning = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: mayNeedCleaning) } ?? text.utf8.contains(where: mayNeedCleaning)
        guard needsCleaning else { return text }
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0: continue
            case 0x01..<0x20, 0x7F...0x9F: cleaned.append(" ")
            default: cleaned.append(scalar)
            }
        }
        return String(cleaned)
    }
}
