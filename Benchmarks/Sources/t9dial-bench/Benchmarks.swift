// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import BackgroundWork
import ContactBook
import DialerConfig
import DialerKit
import Foundation
import Phonebook
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

    @Option(help: "How many times to load the book, for the median load time.")
    var loads: Int = 3
}

/// A book loaded and indexed the way t9dial loads one.
struct LoadedBook {
    var index: SearchIndex

    /// Loads the book `options.loads` times, reporting each load and the median: on a shared
    /// machine one load can take a third longer than the next. The last load's index is kept.
    static func load(_ options: BookOptions) throws -> LoadedBook {
        // As t9dial does before it loads contacts.
        ProcessMemory.returnLargeBlocksToSystem()
        let alphabet = T9Alphabet(layouts: try LayoutCatalog.load(dataDirectory: options.dataDir).layouts)
        let startRSS = Memory.residentMegabytes()
        var times: [(parse: Duration, index: Duration)] = []
        var last: TimedLoad? = nil
        for _ in 0..<max(1, options.loads) {
            last = nil  // the index before goes before the next is built
            let load = try TimedLoad(options, alphabet: alphabet)
            times.append((load.parseTime, load.indexTime))
            last = load
        }
        guard let load = last else { throw ValidationError("no load") }
        let index = load.index
        let wholeTimes = times.map { $0.parse + $0.index }.sorted()

        print("Book: \(options.contacts)")
        print("  \(index.contacts.count) contacts, \(load.numberCount) numbers, \(load.warningCount) warnings")
        for (parse, indexing) in times {
            print("  parse \(Report.ms(parse)), index \(Report.ms(indexing)), load and index \(Report.ms(parse + indexing))")
        }
        print("  load and index, median of \(times.count) loads: \(Report.ms(wholeTimes[wholeTimes.count / 2]))")
        print(
            "  peak RSS after loading: \(Report.megabytes(Memory.peakResidentMegabytes())) (resident at start \(Report.megabytes(startRSS)), "
                + "after parsing \(Report.megabytes(load.parsedRSS)), with index \(Report.megabytes(Memory.residentMegabytes())))"
        )
        ProcessMemory.whileIndexing { index.prepareTextSearch() }
        let parts = index.storageBytes
        let total = parts.reduce(0) { $0 + $1.bytes }
        print("  the index in memory, multi-tap index included: \(Report.megabytes(Double(total) / 1_048_576))")
        for (part, bytes) in parts { print("    \(part.padding(toLength: 28, withPad: " ", startingAt: 0)) \(Report.megabytes(Double(bytes) / 1_048_576))") }
        return LoadedBook(index: index)
    }
}

/// One load of the book, timed: reading it into the contact table, then indexing it.
private struct TimedLoad {
    let index: SearchIndex
    let parseTime: Duration
    let indexTime: Duration
    let numberCount: Int
    let warningCount: Int
    let parsedRSS: Double

    init(_ options: BookOptions, alphabet: T9Alphabet) throws {
        let clock = ContinuousClock()
        let parseStart = clock.now
        // As the dialer loads a book: each contact goes into the compact table of its part of
        // the file as it is read, on the core that parses the part, and the parts are joined.
        let (parts, warnings) = try ContactImporter.read(
            path: options.contacts, parallelism: .cores, parts: { (table: ContactTable(), numbers: 0) },
            add: { part, contact in
                part.numbers += contact.numbers.count
                part.table.append(contact.searchable)
            })
        var table = ContactTable()
        for part in parts { table.append(contentsOf: part.table) }
        table.shrink()
        let numberCount = parts.reduce(0) { $0 + $1.numbers }
        let parsed = clock.now
        parsedRSS = Memory.residentMegabytes()
        index = ProcessMemory.whileIndexing {
            SearchIndex(table: table, alphabet: alphabet, options: SearchOptions(region: DialingRegion(options.region)), parallelism: .cores)
        }
        indexTime = clock.now - parsed
        parseTime = parsed - parseStart
        self.numberCount = numberCount
        warningCount = warnings.count
    }
}
