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
            throw ConfigError(
                file: file,
                line: error.source.begin.line,
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
