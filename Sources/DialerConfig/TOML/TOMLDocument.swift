// SPDX-License-Identifier: Apache-2.0

import TOML

/// One parsed TOML file: its tables, where each key is written, and its name for messages.
struct TOMLDocument {
    /// The file as named in messages.
    let file: String
    let root: TOMLTable

    /// Parses `text`; a syntax error becomes a `ConfigError` at the parser's line and column.
    init(text: String, file: String) throws(ConfigError) {
        do {
            root = try TOMLParser.parse(text)
        } catch {
            throw ConfigError(
                file: file,
                line: error.line,
                message: "not valid TOML at column \(error.column): \(error.message); see https://toml.io for the syntax"
            )
        }
        self.file = file
    }

    /// A reader for the top level of the document.
    var rootReader: TableReader { TableReader(document: self, table: root, path: [], line: nil) }
}
