// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import ContactBook
import DialerConfig
import DialerKit
import Foundation
import T9Search

@main
struct Benchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "t9dial-bench",
        abstract: "Measures t9dial on a large contact book.",
        subcommands: [SearchBenchmark.self, KeypadBenchmark.self, ScreenBenchmark.self],
        defaultSubcommand: SearchBenchmark.self
    )
}

/// The book and settings both benchmarks take.
struct BookOptions: ParsableArguments {
    @Option(help: "The contact book to load.")
    var contacts: String

    @Option(help: "The folder holding layouts/ and keymaps/.")
    var dataDir: String = "Config"

    @Option(help: "How many typing sessions to run.")
    var sessions: Int = 4000

    @Option(help: "Dialing region for number forms.")
    var region: String = "GB"

    @Option(help: "Results per keystroke.")
    var limit: Int = 20
}

/// A book loaded and indexed the way t9dial loads one.
struct LoadedBook {
    var index: SearchIndex

    static func load(_ options: BookOptions) throws -> LoadedBook {
        // As t9dial does before it loads contacts.
        ProcessMemory.returnLargeBlocksToSystem()
        let clock = ContinuousClock()
        let alphabet = T9Alphabet(layouts: try LayoutCatalog.load(dataDirectory: options.dataDir).layouts)

        let startRSS = Memory.residentMegabytes()
        let parseStart = clock.now
        // As the dialer loads a book: each contact goes into the compact table as it is read.
        var table = ContactTable()
        var numberCount = 0
        let warnings = try ContactImporter.read(path: options.contacts) { contact in
            numberCount += contact.numbers.count
            table.append(contact.searchable)
        }
        table.shrink()
        let parsed = clock.now
        let parsedRSS = Memory.residentMegabytes()
        let index = ProcessMemory.whileIndexing {
            SearchIndex(table: table, alphabet: alphabet, options: SearchOptions(region: DialingRegion(options.region)))
        }
        let indexed = clock.now
        let loadRSS = Memory.peakResidentMegabytes()

        print("Book: \(options.contacts)")
        print("  \(table.count) contacts, \(numberCount) numbers, \(warnings.count) warnings")
        print("  parse \(Report.ms(parseStart, parsed)), index \(Report.ms(parsed, indexed)), load and index \(Report.ms(parseStart, indexed))")
        print(
            "  peak RSS after loading: \(Report.megabytes(loadRSS)) (resident at start \(Report.megabytes(startRSS)), "
                + "after parsing \(Report.megabytes(parsedRSS)), with index \(Report.megabytes(Memory.residentMegabytes())))"
        )
        ProcessMemory.whileIndexing { index.prepareTextSearch() }
        let parts = index.storageBytes
        let total = parts.reduce(0) { $0 + $1.bytes }
        print("  the index in memory, multi-tap index included: \(Report.megabytes(Double(total) / 1_048_576))")
        for (part, bytes) in parts { print("    \(part.padding(toLength: 28, withPad: " ", startingAt: 0)) \(Report.megabytes(Double(bytes) / 1_048_576))") }
        return LoadedBook(index: index)
    }
}
