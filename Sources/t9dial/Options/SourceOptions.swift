// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

/// Where the contacts, the config and the layouts come from: what every command reading the
/// book takes. `BookOptions` adds what searching by keys needs; `query` takes these alone.
struct SourceOptions: ParsableArguments {
    @Option(name: .long, help: SharedHelp.contacts, completion: .file())
    var contacts: [String] = []

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    @Option(help: ArgumentHelp("The folder holding layouts/.", valueName: "dir"), completion: .directory)
    var dataDir: String?

    /// Whether the contacts come from standard input (`--contacts -`), which a command that
    /// reads its own input from there cannot also take.
    var readsStandardInput: Bool { overrides.readsStandardInput }

    var overrides: Book.Overrides {
        Book.Overrides(configFile: config, contacts: contacts, dataDirectory: dataDir)
    }

    /// Loads the book for queries, reporting problems in single cards and a missing dial
    /// history on standard error.
    func loadQueryBook() throws -> QueryBook {
        let book = try Self.load({ () throws(BookError) in try QueryBook.load(overrides) }, warnings: \.sources.warnings)
        if let problem = book.historyProblem { StandardError.write("warning: \(problem)") }
        return book
    }

    /// Loads a book with `load`, after setting the process up for a large one; a failure ends
    /// the command with its message, and the problems in single cards go to standard error.
    static func load<Loaded, Warning>(_ load: () throws(BookError) -> Loaded, warnings: (Loaded) -> [Warning]) throws -> Loaded {
        ProcessMemory.returnLargeBlocksToSystem()
        let book: Loaded
        do {
            book = try load()
        } catch {
            throw CommandFailure(message: error.description)
        }
        for warning in warnings(book) { StandardError.write("warning: \(warning)") }
        return book
    }
}
