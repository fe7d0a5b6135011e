// SPDX-License-Identifier: Apache-2.0

import T9Search

/// The limits every imported contact is held to, in one place: what a phone book needs is far
/// below them, and past them a damaged or hostile file would make the dialer slow or its screen
/// useless. Over a limit, the field is cut or dropped, the rest of the contact is kept, and a
/// warning says so at the card's or row's line. (docs/limits.md lists them.)
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
    ///
    /// Every contact read passes here, and almost every one is within the limits already: each
    /// text is checked in place, and changed (a copy made) only when it must be.
    static func apply(to contact: inout Contact) -> [String] {
        var notes: [String] = []
        fit(&contact.displayName, "the name", &notes)
        if contact.name != nil {
            let what = "a part of the name (N)"
            fit(&contact.name!.family, what, &notes)
            fit(&contact.name!.given, what, &notes)
            fit(&contact.name!.additional, what, &notes)
            fit(&contact.name!.prefix, what, &notes)
            fit(&contact.name!.suffix, what, &notes)
        }
        fit(&contact.nicknames, "nicknames", &notes)
        fit(&contact.phoneticGivenName, "the phonetic given name", &notes)
        fit(&contact.phoneticMiddleName, "the phonetic middle name", &notes)
        fit(&contact.phoneticFamilyName, "the phonetic family name", &notes)
        fit(&contact.sortAs, "SORT-AS", &notes)
        fit(&contact.organization, "the organization", &notes)
        fit(&contact.emails, "emails", &notes)
        fit(&contact.categories, "categories", &notes)
        if contact.numbers.count > maxItems {
            notes.append("\(contact.numbers.count) numbers; the first \(maxItems) kept")
            contact.numbers.removeLast(contact.numbers.count - maxItems)
        }
        if !contact.numbers.allSatisfy(isPlainlyFit) {
            contact.numbers = contact.numbers.compactMap { fit($0, &notes) }
        }
        return notes
    }

    private static func fit(_ text: inout String, _ what: String, _ notes: inout [String]) {
        guard mayNeedCleaning(text) || text.utf8.count > maxTextCharacters else { return }
        let cleaned = oneLine(text)
        // Counting characters walks the text: only when its bytes could be too many.
        if cleaned.utf8.count > maxTextCharacters, cleaned.count > maxTextCharacters {
            notes.append("\(what) is \(cleaned.count) characters long; cut to \(maxTextCharacters)")
            text = String(cleaned.prefix(maxTextCharacters))
        } else {
            text = cleaned
        }
    }

    private static func fit(_ text: inout String?, _ what: String, _ notes: inout [String]) {
        if text != nil { fit(&text!, what, &notes) }
    }

    /// The first `maxItems` of `list`, each text fitted; `what` is plural ("emails").
    private static func fit(_ list: inout [String], _ what: String, _ notes: inout [String]) {
        if list.count > maxItems {
            notes.append("\(list.count) \(what); the first \(maxItems) kept")
            list.removeLast(list.count - maxItems)
        }
        guard list.contains(where: { mayNeedCleaning($0) || $0.utf8.count > maxTextCharacters }) else { return }
        let one = String(what.dropLast())
        for index in list.indices { fit(&list[index], one, &notes) }
    }

    /// Whether `number` is kept as it is: no longer than any dialled number, of dialable
    /// characters only (what almost every number is), so one line too: no control character
    /// is plainly dialable.
    private static func isPlainlyFit(_ number: PhoneNumber) -> Bool {
        number.value.utf8.count <= maxNumberDigits && DialableNumber.isPlainlyDialable(number.value)
    }

    /// `number` made one line, or nil (with a note) when it is too long to dial or holds what
    /// no phone dials.
    private static func fit(_ number: PhoneNumber, _ notes: inout [String]) -> PhoneNumber? {
        var number = number
        number.value = oneLine(number.value)
        if number.value.utf8.count > maxNumberDigits {
            let digits = number.value.unicodeScalars.lazy.filter { $0.properties.numericType == .decimal }.count
            if digits > maxNumberDigits || number.value.count > maxNumberCharacters {
                notes.append(
                    "a number of \(digits) digits (\(number.value.count) characters) is longer than any that can be dialled (\(maxNumberDigits) digits); number dropped"
                )
                return nil
            }
        }
        // What would be dialled is exactly its dialable characters: a number holding anything
        // else (shell punctuation, words) is refused here, not dialled in part.
        if !DialableNumber.isPlainlyDialable(number.value),
            case .failure(.notDialable(let found)) = Result(catching: { () throws(DialableNumber.Problem) in try DialableNumber(number.value) })
        {
            notes.append("the number \"\(number.value)\" holds \"\(found)\", which no phone dials; number dropped")
            return nil
        }
        return number
    }

    /// Whether `text` may hold a control character: a byte below 0x20, DEL, or 0xC2, which
    /// starts the UTF-8 of every C1 control (U+0080...U+009F). Reads the string's bytes in place.
    private static func mayNeedCleaning(_ text: String) -> Bool {
        @inline(__always) func mayBeControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0xC2 }
        return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: mayBeControl) } ?? text.utf8.contains(where: mayBeControl)
    }

    /// `text` without NUL, its other control characters (C0, DEL, C1) as spaces.
    static func oneLine(_ text: String) -> String {
        guard mayNeedCleaning(text) else { return text }
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
