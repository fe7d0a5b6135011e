// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit
import Presentation
import SeededRandom
import T9Search

/// Loads a contact book, then types queries key by key as people do (names, initials, numbers,
/// corrections with backspace) and reports how long each keystroke takes to give the ranked
/// top 20: alone, with highlights for the rows a screen shows (as the dialer finds them), and
/// with highlights for all 20 (as `search --json` writes them).
struct SearchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Contact loading, and per-keystroke search latency."
    )

    @OptionGroup var book: BookOptions

    @Option(help: "Result rows a screen shows, whose highlights the dialer finds (the issue's screens show 3 to 14).")
    var shownRows = 14

    @Option(help: "How many times each kind of search types all the sessions; the median pass is reported.")
    var passes = 3

    /// How much of each keystroke's results is highlighted.
    private enum Highlights {
        case none, shown(Int), all

        func description(limit: Int) -> String {
            switch self {
            case .none: "(contacts and match quality)"
            case .shown(let rows): "with the matched field, highlight ranges and number rows of the \(rows) shown, as the dialer does"
            case .all: "with the matched field, highlight ranges and number rows of all \(limit), as search --json does"
            }
        }
    }

    mutating func run() throws {
        let index = try LoadedBook.load(book).index
        let limit = book.limit
        var random = SplitMix(seed: 48308)
        let scripts = TypingScript.make(count: book.sessions, contacts: index.contacts, alphabet: index.alphabet, random: &random)
        var resultCount = 0
        let session = SearchSession(index: index)
        // One warm-up pass so that the first measured keystrokes do not pay for page faults.
        for script in scripts.prefix(200) { run(script, session: session, limit: limit, highlights: .all) { _, _, _ in } }
        // Each kind of search is timed in `passes` passes over all the sessions, the kinds
        // taking turns, and reported as the median pass: a few busy minutes of the shared
        // machine slow one pass of each, not the figures of one kind alone.
        let kinds = [Highlights.none, .shown(min(shownRows, limit)), .all]
        var timings = [[[String: [Duration]]]](repeating: [], count: kinds.count)
        for _ in 0..<passes {
            for (position, highlights) in kinds.enumerated() {
                var pass: [String: [Duration]] = [:]
                for script in scripts {
                    run(script, session: session, limit: limit, highlights: highlights) { kind, elapsed, count in
                        pass[kind, default: []].append(elapsed)
                        pass["all keystrokes", default: []].append(elapsed)
                        if case .all = highlights { resultCount += count }
                    }
                }
                timings[position].append(pass)
            }
        }
        for (position, highlights) in kinds.enumerated() {
            print(
                "\nPer keystroke, ranked top \(limit) \(highlights.description(limit: limit)), \(scripts.count) typing sessions,"
                    + " the median of \(passes) passes:")
            print(Report.header())
            for kind in ["all keystrokes"] + TypingScript.Kind.allCases.map(\.rawValue) + ["backspace"] {
                let passes = timings[position].compactMap { $0[kind] }
                if !passes.isEmpty { print(Report.medianRow(kind, passes: passes)) }
            }
            let eachPass = timings[position].map { pass in
                String(format: "%.1f/%.1f", Report.percentile(pass["all keystrokes"]!, 0.5), Report.percentile(pass["all keystrokes"]!, 0.99))
            }
            print("  each pass, all keystrokes, p50/p99 µs: " + eachPass.joined(separator: ", "))
        }
        print("  (\(resultCount / passes) results in all, a pass)")
        measureWriters(scripts, session: session, limit: limit)
        print("  peak RSS at the end: \(Report.megabytes(Memory.peakResidentMegabytes()))")
    }

    /// The output alone, as `t9dial search --stdin` writes each answer: every keystroke's 20
    /// results, found and highlighted untimed, then written as one line of JSON (`--json`) or
    /// text into the buffer it keeps from line to line, timed. The issue asks the JSON writer
    /// for 300 MB/s; the whole-process figures divide the output by the search's time too.
    private func measureWriters(_ scripts: [TypingScript], session: SearchSession, limit: Int) {
        let clock = ContinuousClock()
        var json = JSONWriter()
        var text: [UInt8] = []
        var jsonTimes: [Duration] = [], textTimes: [Duration] = []
        var jsonBytes = 0, textBytes = 0
        for script in scripts {
            session.clear()
            for step in script.steps {
                switch step {
                case .key(let key): session.type(key)
                case .backspace: session.deleteLast()
                }
                let ranked = session.ranked(limit: limit)
                let needed = session.index.contactsFilling(rows: limit, from: ranked[...])
                let results = session.index.rows(of: session.results(for: Array(ranked.prefix(needed))), limit: limit)
                let jsonStart = clock.now
                json.removeAll()
                ResultPresentation.writeJSONArray(results, in: session.index, to: &json)
                json.raw("\n")
                jsonTimes.append(clock.now - jsonStart)
                jsonBytes += json.count
                let textStart = clock.now
                text.removeAll(keepingCapacity: true)
                ResultPresentation.appendLine(results, in: session.index, to: &text)
                text.append(UInt8(ascii: "\n"))
                textTimes.append(clock.now - textStart)
                textBytes += text.count
            }
        }
        print("\nThe answers alone, as search --stdin writes each keystroke's \(limit) results into its buffer (no search, no write(2)):")
        print(Report.header())
        for (kind, times, bytes) in [("JSON line", jsonTimes, jsonBytes), ("text line", textTimes, textBytes)] {
            let seconds = Report.micro(times.reduce(.zero, +)) / 1e6
            print(Report.row(kind, times) + String(format: "   %.1f MB, %.0f MB/s", Double(bytes) / 1e6, Double(bytes) / 1e6 / seconds))
        }
    }

    /// Types one script, timing each keystroke from the key to its ranked, highlighted results.
    private func run(
        _ script: TypingScript, session: SearchSession, limit: Int, highlights: Highlights, record: (String, Duration, Int) -> Void
    ) {
        let clock = ContinuousClock()
        session.clear()
        for step in script.steps {
            let start = clock.now
            switch step {
            case .key(let key): session.type(key)
            case .backspace: session.deleteLast()
            }
            let ranked = session.ranked(limit: limit)
            let count: Int
            switch highlights {
            case .none: count = ranked.count
            // A contact found by name is a row for each of its numbers, as the dialer shows them:
            // only the contacts that fill the rows are highlighted.
            case .shown(let rows):
                let needed = session.index.contactsFilling(rows: rows, from: ranked[...])
                count = session.index.rows(of: session.results(for: Array(ranked.prefix(needed))), limit: rows).count
            case .all:
                let needed = session.index.contactsFilling(rows: limit, from: ranked[...])
                count = session.index.rows(of: session.results(for: Array(ranked.prefix(needed))), limit: limit).count
            }
            let elapsed = clock.now - start
            if case .backspace = step { record("backspace", elapsed, count) } else { record(script.kind.rawValue, elapsed, count) }
        }
    }
}
