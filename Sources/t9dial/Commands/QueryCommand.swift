// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the contacts that match a Spotlight-style query, in book order.",
        discussion: """
            A query compares attributes with values: displayName, givenName, familyName, \
            nickname, organization, phoneNumbers and emailAddresses take "strings" (* is any run \
            of characters; after the closing quote, c ignores case, d accents, w matches whole \
            words, t each word in any order), ** stands for every one of them; timesDialed takes \
            a number, lastDialed unix seconds or $time.now(N), $time.today(N), $time.yesterday; \
            starred (a [history] favourite) takes true or false. Operators: == != < <= > >=, \
            InRange(attribute, min, max), and comparisons combine with &&, ||, ! and parentheses.
            Only placed dials count for timesDialed and lastDialed. Each match prints its name \
            and numbers on one line; a query matching nothing prints nothing (with --json, []).
            Example: t9dial query 'displayName == "ann*"cd && phoneNumbers == "*555*"'
            """
    )

    @Argument(help: "The query; quote it for the shell.")
    var query: String

    @Flag(help: "Print the matches as one JSON array of {\"uid\", \"name\", \"numbers\"}.")
    var json = false

    @OptionGroup var source: SourceOptions

    // Unconditional, so that --limit -1 is a value out of range rather than a missing one.
    @Option(parsing: .unconditional, help: SharedHelp.limit("matches to print", byDefault: "every match"))
    var limit: Int?

    func validate() throws {
        try Limit.check(limit)
    }

    func run() throws {
        // The syntax first, so that a typo is told at once, before a large book is read.
        do { try QueryBook.checkSyntax(query) } catch { throw syntaxFailure(error.description, pointer: error.pointer(in: query)) }
        let book = try source.loadQueryBook()
        switch book.answer(query) {
        case .failure(let error):
            throw syntaxFailure(error.description, pointer: error.pointer(in: query))
        case .success(let matches):
            // A query is a filter, not a ranking: every match unless --limit says otherwise.
            let shown = limit.map { Array(matches.prefix($0)) } ?? matches
            if json {
                try StandardOutput.writeJSONLine(shown.jsonArray())
            } else {
                for match in shown { try StandardOutput.writeLine(Self.line(match.displayName, match.phoneNumbers)) }
            }
        }
    }

    /// The message, then the query with a caret under the column at fault.
    private func syntaxFailure(_ message: String, pointer: String) -> CommandFailure {
        CommandFailure(message: "\(message)\n\(pointer)")
    }

    /// `Fred Smith  +44 7700 900123, +44 121 496 0000`, or the name alone without numbers.
    static func line(_ displayName: String, _ phoneNumbers: [String]) -> String {
        phoneNumbers.isEmpty ? displayName : displayName + "  " + phoneNumbers.joined(separator: ", ")
    }
}
