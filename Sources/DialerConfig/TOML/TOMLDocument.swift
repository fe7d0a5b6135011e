import TOMLKit

/// One parsed TOML file: its tables, its name for messages and where its keys are written.
struct TOMLDocument {
    /// The file as named in messages.
    let file: String
    let root: TOMLTable
    let sourceMap: SourceMap

    /// Parses `text`; a syntax error becomes a `ConfigError` at TOMLKit's line and column.
    init(text: String, file: String) throws(ConfigError) {
        if let bad = TableHeaderCheck.firstBadHeader(in: text) {
            let found = bad.found == "\n" || bad.found == "\r" ? "the end of the line" : "'\(bad.found.escaped(asASCII: true))'"
            throw ConfigError(
                file: file,
                line: bad.line,
                message: "not valid TOML at column \(bad.column): a table name must start with a letter, a digit, '_', '-' "
                    + "or a quote, saw \(found); see https://toml.io for the syntax"
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
        self.file = file
        self.sourceMap = SourceMap(text: text)
    }

    /// A reader for the top level of the document.
    var rootReader: TableReader { TableReader(document: self, table: root, path: []) }
}
