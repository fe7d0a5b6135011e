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

    /// A reader for the top level of the document.
    var rootReader: TableReader { TableReader(document: self, table: root, path: []) }
}
