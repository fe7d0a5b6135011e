// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print the contacts that match keypad digits, best first.",
        discussion: """
            Digits match names from the start of words (37337 finds "Fred Smith"), initials \
            (957 finds "William John Smith") and numbers (from the start, after the country code, \
            as dialled in --region, and anywhere inside). A contact found by name is a result for \
            each of its numbers, ending in the number's label (mobile, home, work; "label" in \
            --json), the most called first; one found by a number is that number. --limit counts \
            these results. With --stdin, each line of input is a query and gets exactly one line \
            of output.
            """
    )

    @Argument(help: "The keys typed, 0-9 (spaces, dashes and brackets are ignored).")
    var digits: String?

    @Option(help: "Search names for these letters instead, ignoring case and accents.")
    var text: String?

    @Flag(help: "Read one query per line from standard input and answer each on one line.")
    var stdin = false

    @Flag(help: "Print each query's results as one JSON array.")
    var json = false

    @OptionGroup var book: BookOptions

    func validate() throws {
        let inputs = [digits != nil, text != nil, stdin].filter { $0 }.count
        guard inputs == 1 else { throw ValidationError("give the DIGITS to search for, or --text TEXT, or --stdin") }
        if stdin, book.source.readsStandardInput {
            throw ValidationError("--stdin reads the queries from standard input, so the contacts cannot come from there too: name their file with --contacts")
        }
        if let digits {
            guard let keys = Self.keys(digits) else {
                throw ValidationError("\"\(digits)\" is not keypad digits 0-9; to search by letters, use --text")
            }
            if keys.isEmpty { throw ValidationError("give at least one digit 0-9 to search for") }
        }
    }

    func run() throws {
        let contactBook = try book.loadBook()
        let answers = SearchAnswers(index: contactBook.index, limit: contactBook.limit, json: json)
        if let digits, let keys = Self.keys(digits) {
            try answers.write(keys: keys, typed: digits)
        } else if let text {
            try answers.write(text: text)
        } else {
            try answers.writeEachLineOfStandardInput(keys: Self.keys)
        }
    }

    /// The keys of a typed query: digits, with spaces, dashes, dots, brackets and + ignored.
    static func keys(_ text: String) -> [UInt8]? {
        var keys: [UInt8] = []
        for scalar in text.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                keys.append(UInt8(scalar.value - 48))
            } else if !" -.()+\t".unicodeScalars.contains(scalar) {
                return nil
            }
        }
        return keys
    }
}
