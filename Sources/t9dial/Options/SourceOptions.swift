// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import ContactBook
import DialerKit

/// Where the contacts, the config and the layouts come from: what every command reading the
/// book takes. `BookOptions` adds what searching by keys needs; `query` takes these alone.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Contact files (.vcf, .csv) or folders of them.", valueName: "file"))
    var contacts: [String] = []

    @Option(help: ArgumentHelp("The config file (default: $T9DIAL_CONFIG, ~/.config/t9dial/t9dial.toml, /etc/t9dial/t9dial.toml).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The folder holding layouts/.", valueName: "dir"))
    var dataDir: String?

    var overrides: Dialer.Overrides {
        Dialer.Overrides(configFile: config, contacts: contacts, dataDirectory: dataDir)
    }

    /// Loads the book for queries, reporting problems in single cards and a missing dial
    /// history on standard error.
    func loadQueryBook() throws -> QueryBook {
        let book = try Self.load({ () throws(DialerError) in try QueryBook.load(overrides) }, warnings: \.sources.warnings)
        if let problem = book.historyProblem { StandardError.write("warning: \(problem)") }
        return book
    }

    /// Loads a book with `load`, after setting the process up for a large one; a failure ends
    /// the command with its message, and the problems in single cards go to standard error.
    static func load<Book>(_ load: () throws(DialerError) -> Book, warnings: (Book) -> [ImportWarning]) throws -> Book {
        ProcessMemory.returnLargeBlocksToSystem()
        let book: Book
        do {
            book = try load()
        } catch {
            throw CommandFailure(message: error.description)
        }
        for warning in warnings(book) { StandardError.write("warning: \(warning)") }
        return book
    }
}
