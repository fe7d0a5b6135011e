import ArgumentParser
import ContactBook
import DialerConfig
import DialerKit
import Foundation
import T9Search

/// Loads a contact book, then types queries key by key as people do (names, initials, numbers,
/// corrections with backspace) and reports how long each keystroke takes to give the ranked
/// top 20 with highlights.
@main
struct SearchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "t9dial-bench",
        abstract: "Measures contact loading and per-keystroke search latency."
    )

    @Option(help: "The contact book to load.")
    var contacts: String

    @Option(help: "The folder of keypad layouts.")
    var layouts: String = "Config/layouts"

    @Option(help: "How many typing sessions to run.")
    var sessions: Int = 4000

    @Option(help: "Dialing region for number forms.")
    var region: String = "GB"

    @Option(help: "Results per keystroke.")
    var limit: Int = 20

    mutating func run() throws {
        // As t9dial does before it loads contacts.
        ProcessMemory.returnLargeBlocksToSystem()
        let clock = ContinuousClock()
        let alphabet = T9Alphabet(layouts: try LayoutCatalog.load(directory: layouts).layouts)

        let startRSS = Memory.residentMegabytes()
        let parseStart = clock.now
        // As the dialer loads a book: each contact goes into the compact table as it is read.
        var table = ContactTable()
        var numberCount = 0
        let warnings = try ContactImporter.read(path: contacts) { contact in
            numberCount += contact.numbers.count
            table.append(contact.searchable)
        }
        table.shrink()
        let parsed = clock.now
        let parsedRSS = Memory.residentMegabytes()
        let index = SearchIndex(table: table, alphabet: alphabet, options: SearchOptions(region: DialingRegion(region)))
        let indexed = clock.now
        let loadRSS = Memory.peakResidentMegabytes()

        print("Book: \(contacts)")
        print("  \(table.count) contacts, \(numberCount) numbers, \(warnings.count) warnings")
        print("  parse \(Report.ms(parseStart, parsed)), index \(Report.ms(parsed, indexed)), load and index \(Report.ms(parseStart, indexed))")
        print("  peak RSS after loading: \(String(format: "%.1f", loadRSS)) MB (resident at start \(String(format: "%.1f", startRSS)) MB, after parsing \(String(format: "%.1f", parsedRSS)) MB, with index \(String(format: "%.1f", Memory.residentMegabytes())) MB)")

        var random = SplitMix(seed: 48308)
        let scripts = TypingScript.make(count: sessions, contacts: table, alphabet: alphabet, random: &random)
        var timings: [String: [Duration]] = [:]
        var resultCount = 0
        let session = SearchSession(index: index)
        // One warm-up pass so that the first measured keystrokes do not pay for page faults.
        for script in scripts.prefix(200) { run(script, session: session, limit: limit, highlight: true) { _, _, _ in } }
        for highlight in [false, true] {
            timings = [:]
            for script in scripts {
                run(script, session: session, limit: limit, highlight: highlight) { kind, elapsed, count in
                    timings[kind, default: []].append(elapsed)
                    timings["all keystrokes", default: []].append(elapsed)
                    if highlight { resultCount += count }
                }
            }
            let what = highlight ? "with the matched field and highlight ranges of all \(limit)" : "(contacts and match quality)"
            print("\nPer keystroke, ranked top \(limit) \(what), \(scripts.count) typing sessions:")
            print(Report.header())
            for kind in ["all keystrokes"] + TypingScript.Kind.allCases.map(\.rawValue) + ["backspace"] {
                if let durations = timings[kind] { print(Report.row(kind, durations)) }
            }
        }
        print("  (\(resultCount) results shown in all)")
        print("  peak RSS at the end: \(String(format: "%.1f", Memory.peakResidentMegabytes())) MB")
    }

    /// Types one script, timing each keystroke from the key to its ranked, highlighted results.
    private func run(_ script: TypingScript, session: SearchSession, limit: Int, highlight: Bool, record: (String, Duration, Int) -> Void) {
        let clock = ContinuousClock()
        session.clear()
        for step in script.steps {
            let start = clock.now
            switch step {
            case .key(let key): session.type(key)
            case .backspace: session.deleteLast()
            }
            let count = highlight ? session.results(limit: limit).count : session.ranked(limit: limit).count
            let elapsed = clock.now - start
            if case .backspace = step { record("backspace", elapsed, count) } else { record(script.kind.rawValue, elapsed, count) }
        }
    }
}
