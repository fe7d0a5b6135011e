// SPDX-License-Identifier: Apache-2.0

import Foundation
public import T9Search

/// One keypad layout file (`Config/layouts/latin.toml`): which letters are on which digit key
/// for one script. The format is documented at the top of `latin.toml`.
///
/// The file is checked so that a mistake shows up when it is loaded, not as names that cannot
/// be found: keys are single digits, letters are lowercase single characters, no letter is on
/// two keys, and expansions spell a letter with letters of the same layout.
public enum LayoutFile {
    /// The extension of layout files; the file name without it is the layout's id.
    public static let fileExtension = "toml"

    /// Reads the layout file at `path`.
    public static func load(path: String) throws(ConfigError) -> KeypadLayout {
        try parse(text: TextFile.read(path), file: path)
    }

    /// Reads layout `text`; `file` (a path or name) names it in errors and gives the id.
    public static func parse(text: String, file: String) throws(ConfigError) -> KeypadLayout {
        let document = try TOMLDocument(text: text, file: file)
        let root = document.rootReader
        try root.rejectUnknownKeys(keys: ["name"], tables: ["keys", "expansions"])
        let id = id(ofFile: file)

        let name = try root.string("name", example: #"name = "Latin (ITU E.161)""#) ?? id
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw root.error(at: "name", #""name" is empty; give the layout a name people recognise, like name = "Greek""#)
        }
        guard let keysTable = try root.table("keys") else {
            throw root.error(
                at: nil,
                "has no [keys] table; add one with a line per digit key, like [keys] and then 2 = \"abc\""
            )
        }
        let keys = try readKeys(keysTable)
        let expansions =
            try root.table("expansions").map { table throws(ConfigError) in
                try readExpansions(table, keys: keys)
            } ?? [:]
        return KeypadLayout(id: id, name: name, keys: keys, expansions: expansions)
    }

    /// The layout id a file gives: its name without directory and `.toml`.
    public static func id(ofFile file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let suffix = "." + fileExtension
        return name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    }

    // MARK: [keys]

    private static func readKeys(_ table: TableReader) throws(ConfigError) -> [UInt8: [Unicode.Scalar]] {
        var keys: [UInt8: [Unicode.Scalar]] = [:]
        var keyOfLetter: [Unicode.Scalar: String] = [:]
        for (key, _) in table.entries {
            guard key.unicodeScalars.count == 1, let digit = UInt8(key), digit <= 9 else {
                throw table.error(
                    at: key,
                    "\(TableReader.quoted(key)) \(table.place) is not a key of the keypad; "
                        + "keys are the single digits 0 to 9, like 2 = \"abc\""
                )
            }
            let example = "\(key) = \"abc\""
            guard let text = try table.string(key, example: example) else { continue }
            let letters = Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
            guard !letters.isEmpty else {
                throw table.error(at: key, "key \(key) \(table.place) has no letters; list them, like \(example), or remove the line")
            }
            for letter in letters {
                if let problem = problem(with: letter) {
                    throw table.error(at: key, "\(describe(letter)) on key \(key) \(problem)")
                }
                if let other = keyOfLetter[letter] {
                    let message =
                        other == key
                        ? "\(describe(letter)) is listed twice on key \(key); list each letter once"
                        : "\(describe(letter)) is on key \(other) and on key \(key); a letter can be on one key only, "
                            + "so remove it from one of them"
                    throw table.error(at: key, message)
                }
                keyOfLetter[letter] = key
            }
            keys[digit] = letters
        }
        guard !keys.isEmpty else {
            throw table.error(at: nil, "[keys] is empty; add a line per digit key, like 2 = \"abc\"")
        }
        return keys
    }

    // MARK: [expansions]

    private static func readExpansions(
        _ table: TableReader, keys: [UInt8: [Unicode.Scalar]]
    ) throws(ConfigError) -> [Unicode.Scalar: [Unicode.Scalar]] {
        var keyOfLetter: [Unicode.Scalar: UInt8] = [:]
        for (digit, letters) in keys {
            for letter in letters { keyOfLetter[letter] = digit }
        }
        var expansions: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for (key, _) in table.entries {
            let example = #""ß" = "ss""#
            let source = Array(key.precomposedStringWithCanonicalMapping.unicodeScalars)
            guard source.count == 1, let letter = source.first else {
                throw table.error(
                    at: key,
                    "\(TableReader.quoted(key)) \(table.place) must be a single letter, the one typed as several, like \(example)"
                )
            }
            if let problem = problem(with: letter) {
                throw table.error(at: key, "\(describe(letter)) \(table.place) \(problem)")
            }
            if let digit = keyOfLetter[letter] {
                throw table.error(
                    at: key,
                    "\(describe(letter)) is on key \(digit) and also expanded \(table.place); "
                        + "a letter is either on a key or spelled with others, so remove one"
                )
            }
            guard expansions[letter] == nil else {
                throw table.error(at: key, "\(describe(letter)) is expanded twice \(table.place); keep one")
            }
            guard let text = try table.string(key, example: example) else { continue }
            let spelling = Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
            guard !spelling.isEmpty else {
                throw table.error(at: key, "\(describe(letter)) \(table.place) is spelled as nothing; give its letters, like \(example)")
            }
            for part in spelling where keyOfLetter[part] == nil {
                throw table.error(
                    at: key,
                    "\(describe(letter)) \(table.place) is spelled with \(describe(part)), which is on no key of this "
                        + "layout; spell it with letters listed in [keys]"
                )
            }
            expansions[letter] = spelling
        }
        return expansions
    }

    // MARK: Letters

    /// Why `letter` cannot be on a key ("is uppercase; ..."), or nil when it can.
    private static func problem(with letter: Unicode.Scalar) -> String? {
        let properties = letter.properties
        if properties.isWhitespace {
            return "is a space; write the letters together, like \"abc\""
        }
        if properties.numericType == .decimal {
            return "is a digit; digits are typed as themselves, so list letters only"
        }
        switch properties.generalCategory {
        case .control, .format, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator:
            return "is not a visible character; list letters only"
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return "is a combining mark, which belongs to the letter before it; write accented letters as one character"
        default:
            break
        }
        if properties.changesWhenLowercased {
            return "is uppercase; write letters in lowercase (\(TableReader.quoted(properties.lowercaseMapping))), "
                + "capitals are found through them"
        }
        return nil
    }

    /// `"a" (U+0061)`, so look-alike letters from different scripts can be told apart.
    private static func describe(_ letter: Unicode.Scalar) -> String {
        let hex = String(letter.value, radix: 16, uppercase: true)
        return "\(TableReader.quoted(String(letter))) (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
    }
}
