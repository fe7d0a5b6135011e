// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit
import Foundation
import Presentation
import SystemCalls
import T9Search
import TerminalText

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print the contacts that match keypad digits, best first.",
        discussion: """
            Digits match names from the start of words (37337 finds "Fred Smith"), initials \
            (957 finds "William John Smith") and numbers (from the start, after the country code, \
            as dialled in --region, and anywhere inside). With --stdin, each line of input is a \
            query and gets exactly one line of output.
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
        let dialer = try book.loadDialer()
        let session = SearchSession(index: dialer.index)
        if let digits, let keys = Self.keys(digits) {
            session.setQuery(keys)
            try write(render(session.results(limit: dialer.limit), index: dialer.index, query: digits))
        } else if let text {
            try write(render(TextQuery.search(text, in: dialer.index, limit: dialer.limit), index: dialer.index, query: text))
        } else {
            // One buffer for every answer, written with one write(2) a line.
            var answer: [UInt8] = []
            var json = JSONWriter()
            while let line = readLine(strippingNewline: true) {
                answer.removeAll(keepingCapacity: true)
                json.removeAll()
                if let keys = Self.keys(line) {
                    session.setQuery(keys)
                    let results = session.results(limit: dialer.limit)
                    if self.json {
                        ResultPresentation.writeJSONArray(results, in: dialer.index, to: &json)
                    } else {
                        ResultPresentation.appendLine(results, in: dialer.index, to: &answer)
                    }
                } else {
                    StandardError.write("warning: \"\(line)\" is not keypad digits 0-9; answered with no results")
                    if self.json { json.raw("[]") }
                }
                if self.json {
                    json.raw("\n")
                    try json.withBytes { bytes throws(WriteFailure) in try StandardOutput.write(bytes: bytes) }
                } else {
                    answer.append(UInt8(ascii: "\n"))
                    try StandardOutput.write(bytes: answer)
                }
            }
        }
    }

    /// One answer: JSON as it is, text with its control characters shown.
    private func write(_ answer: String) throws(WriteFailure) {
        if json { try StandardOutput.writeJSONLine(answer) } else { try StandardOutput.writeLine(answer) }
    }

    private func render(_ results: [SearchResult], index: SearchIndex, query: String) -> String {
        let shown = results.map { ResultPresentation($0, in: index) }
        if json { return ResultPresentation.jsonArray(shown) }
        if shown.isEmpty { return "no contacts match \(query)" }
        return shown.enumerated().map { position, result in "\(position + 1). \(result.line)" }.joined(separator: "\n")
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
