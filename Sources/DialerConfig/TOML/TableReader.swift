// SPDX-License-Identifier: Apache-2.0

import TOML

/// Reads the keys of one TOML table into Swift values, turning every surprise (an unknown key, a
/// value of the wrong type) into a `ConfigError` that names the file, line and key and says what
/// is allowed. Each config section reads its own table with one of these.
struct TableReader {
    let document: TOMLDocument
    let table: TOMLTable
    /// The keys leading to this table from the top ([] for the top level, ["search"]).
    let path: [String]
    /// The line of the table's header or key, for errors about the table itself; nil for the
    /// top level.
    let line: Int?

    /// The table's entries in the order they are first written in the file, so the first error
    /// a user sees is the first one in the file.
    var entries: [(key: String, value: TOMLValue)] {
        table.entries.map { (key: $0.key, value: $0.value) }
    }

    // MARK: Unknown keys

    /// Fails on the first key that is neither one of `keys` nor one of `tables`, suggesting the
    /// closest known name.
    func rejectUnknownKeys(keys: [String], tables: [String] = []) throws(ConfigError) {
        if let first = unknownKeyErrors(keys: keys, tables: tables).first { throw first }
    }

    /// An error for each key that is neither one of `keys` nor one of `tables`, suggesting the
    /// closest known name, in written order.
    func unknownKeyErrors(keys: [String], tables: [String] = []) -> [ConfigError] {
        var errors: [ConfigError] = []
        for (key, value) in entries where !keys.contains(key) && !tables.contains(key) {
            let isTable = value.table != nil
            var message =
                isTable
                ? "unknown table \(Self.header(path + [key]))"
                : "unknown key \(Self.quoted(key)) \(place)"
            if let suggestion = Suggestion.closest(to: key, in: keys + tables) {
                let name = tables.contains(suggestion) ? Self.header(path + [suggestion]) : Self.quoted(suggestion)
                message += "; did you mean \(name)?"
            } else {
                let allowed = keys.map(Self.quoted) + tables.map { Self.header(path + [$0]) }
                message +=
                    allowed.isEmpty
                    ? "; nothing is allowed \(place)"
                    : "; allowed \(place): \(allowed.joined(separator: ", "))"
            }
            errors.append(error(at: key, message))
        }
        return errors
    }

    // MARK: Typed values

    /// The string at `key`, nil when absent. `example` is a correct line, shown on error.
    func string(_ key: String, example: String) throws(ConfigError) -> String? {
        guard let value = table.value(key) else { return nil }
        guard let string = value.string else { throw typeMismatch(key, expected: "a string", example: example, found: value) }
        return string
    }

    /// The integer at `key`, nil when absent.
    func integer(_ key: String, example: String) throws(ConfigError) -> Int? {
        guard let value = table.value(key) else { return nil }
        guard let integer = value.integer.flatMap({ Int(exactly: $0) }) else {
            throw typeMismatch(key, expected: "a whole number", example: example, found: value)
        }
        return integer
    }

    /// The true or false at `key`, nil when absent.
    func boolean(_ key: String, example: String) throws(ConfigError) -> Bool? {
        guard let value = table.value(key) else { return nil }
        guard let boolean = value.boolean else { throw typeMismatch(key, expected: "true or false", example: example, found: value) }
        return boolean
    }

    /// The whole number at `key` within `range`, nil when absent; `meaning` says what it is for
    /// the message when it is out of range.
    func integer(_ key: String, in range: ClosedRange<Int>, example: String, meaning: String) throws(ConfigError) -> Int? {
        guard let number = try integer(key, example: example) else { return nil }
        guard range.contains(number) else {
            throw error(at: key, "\(subject(key)) is \(meaning) and must be from \(range.lowerBound) to \(range.upperBound); found \(number)")
        }
        return number
    }

    /// The list of strings at `key`, nil when absent.
    func strings(_ key: String, example: String) throws(ConfigError) -> [String]? {
        guard let value = table.value(key) else { return nil }
        let expected = "a list of strings"
        guard let array = value.array else { throw typeMismatch(key, expected: expected, example: example, found: value) }
        var strings: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element.value.string else {
                throw error(
                    at: key,
                    "\(subject(key)) must be \(expected), like \(example); item \(index + 1) is \(Self.describe(element.value))"
                )
            }
            strings.append(string)
        }
        return strings
    }

    /// A reader for the table at `key`, nil when absent.
    func table(_ key: String) throws(ConfigError) -> TableReader? {
        guard let entry = table[key] else { return nil }
        guard let table = entry.value.table else {
            throw error(
                at: key,
                "\(subject(key)) must be a table: write \(Self.header(path + [key])) on a line of its own, "
                    + "with its keys on the lines below; found \(Self.describe(entry.value))"
            )
        }
        return TableReader(document: document, table: table, path: path + [key], line: entry.keyPosition.line)
    }

    // MARK: Errors

    /// Where `key` of this table is, for an error found later, when its value is used.
    func location(of key: String) -> SettingLocation {
        let place = error(at: key, "")
        return SettingLocation(file: place.file, line: place.line, key: place.key ?? key, subject: subject(key))
    }

    /// An error about `key` of this table (about the table itself when nil), at its line.
    func error(at key: String?, _ message: String) -> ConfigError {
        let keyPath = path + (key.map { [$0] } ?? [])
        return ConfigError(
            file: document.file,
            line: key.flatMap { table[$0]?.keyPosition.line } ?? line,
            key: keyPath.isEmpty ? nil : Self.dotted(keyPath),
            message: message
        )
    }

    /// `"limit" in [search]`, or just `"contacts"` at the top level.
    func subject(_ key: String) -> String {
        path.isEmpty ? Self.quoted(key) : "\(Self.quoted(key)) \(place)"
    }

    /// `in [search]`, or `at the top level`.
    var place: String { path.isEmpty ? "at the top level" : "in \(Self.header(path))" }

    private func typeMismatch(
        _ key: String, expected: String, example: String, found value: TOMLValue
    ) -> ConfigError {
        error(at: key, "\(subject(key)) must be \(expected), like \(example); found \(Self.describe(value))")
    }

    // MARK: Spelling keys and values

    /// A key as TOML would write it: bare when it can be, else quoted.
    static func keyText(_ key: String) -> String {
        let isBare =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
                default: false
                }
            }
        return isBare ? key : quoted(key)
    }

    /// `search.limit`, quoting parts that need it.
    static func dotted(_ path: [String]) -> String { path.map(keyText).joined(separator: ".") }

    /// `[search]`.
    static func header(_ path: [String]) -> String { "[\(dotted(path))]" }

    /// A string in double quotes, with quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String { TOMLText.quoted(text) }

    /// What a value is, for "found ...": `the string "20"`, `a table`.
    static func describe(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): "the string \(quoted(text))"
        case .integer(let number): "the whole number \(number)"
        case .float(let number): "the decimal number \(number)"
        case .boolean(let flag): "the boolean \(flag)"
        case .array: "a list"
        case .table: "a table"
        case .localDate: "a date"
        case .localTime: "a time"
        case .localDateTime, .offsetDateTime: "a date and time"
        }
    }
}
