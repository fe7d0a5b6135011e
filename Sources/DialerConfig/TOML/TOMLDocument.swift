// SPDX-License-Identifier: Apache-2.0

import Foundation
import TOMLKit

/// One parsed TOML file: its tables, its name for messages and where its keys are written.
struct TOMLDocument {
    /// The file as named in messages.
    let file: String
    let root: TOMLTable
    let sourceMap: SourceMap

    /// Parses `text`; a syntax error becomes a `ConfigError` at TOMLKit's line and column.
    init(text: String, file: String) throws(ConfigError) {
        if let problem = TOMLPrecheck.firstProblem(in: text) {
            throw ConfigError(
                file: file,
                line: problem.line,
                message: "not valid TOML at column \(problem.column): \(problem.message); see https://toml.io for the syntax"
            )
        }
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            if error.description.contains("cannot redefine existing"), let key = Self.key(onLine: line, of: text) {
                // toml++ garbles a quoted key in this message ('"KEKEY_KP1" '): say it from the line.
                throw ConfigError(file: file, line: line, message: "\(key) is set twice in its table; keep one of the two lines")
            }
            throw ConfigError(
                file: file,
                line: line,
                message: "not valid TOML at column \(error.source.begin.column): \(error.description); "
                    + "see https://toml.io for the syntax"
            )
        } catch {
            throw ConfigError(file: file, message: "not valid TOML: \(error)")
        }
        // TOMLKit lists a key holding NUL ("a\u0000b") but cannot look it up, and traps (a
        // force unwrap in TOMLTableIterator) when the table is read; found by make fuzz.
        if let table = Self.tableWithNULKey(in: root) {
            let line = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .firstIndex { $0.contains("\\u0000") || $0.contains("\\U00000000") }
            throw ConfigError(
                file: file,
                line: line.map { $0 + 1 },
                message: "a key \(table.isEmpty ? "at the top level" : "in [\(table.joined(separator: "."))]") holds the NUL "
                    + "character (\\u0000); remove it"
            )
        }
        self.file = file
        self.sourceMap = SourceMap(text: text)
    }

    /// The key as written before the `=` on 1-based `line` of `text`, quoted (`"KEY_KP1"`), or
    /// nil when the line has none. The key is shown at most 80 characters long, one line.
    static func key(onLine line: Int, of text: String) -> String? {
        guard line >= 1 else { return nil }
        let lines = text.split(separator: "\n", maxSplits: line, omittingEmptySubsequences: false)
        guard line <= lines.count, let equals = lines[line - 1].firstIndex(of: "=") else { return nil }
        let key = lines[line - 1][..<equals].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        let shown = key.count > 80 ? String(key.prefix(80)) + "..." : key
        return shown.hasPrefix("\"") || shown.hasPrefix("'") ? shown : "\"" + shown + "\""
    }

    /// The path of the first table, depth first, with a key that holds NUL. TOMLKit lists such
    /// a key cut at the NUL, so it is one that cannot be looked up; found without TOMLKit's
    /// iterator, which traps on it.
    private static func tableWithNULKey(in table: TOMLTable, path: [String] = []) -> [String]? {
        for key in table.keys {
            guard let value = table[key] else { return path }
            if let inner = value.table, let found = tableWithNULKey(in: inner, path: path + [key]) { return found }
            if let array = value.array {
                for element in array {
                    if let inner = element.table, let found = tableWithNULKey(in: inner, path: path + [key]) { return found }
                }
            }
        }
        return nil
    }

    /// A reader for the top level of the document.
    var rootReader: TableReader { TableReader(document: self, table: root, path: []) }
}
