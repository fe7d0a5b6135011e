// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import T9Search

/// Loads a contact book, then types queries key by key as people do (names, initials, numbers,
/// corrections with backspace) and reports how long each keystroke takes to give the ranked
/// top 20 with highlights.
struct SearchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Contact loading, and per-keystroke search latency."
    )

    @OptionGroup var book: BookOptions

    mutating func run() throws {
        let index = try LoadedBook.load(book).index
        let limit = book.limit
        var random = SplitMix(seed: 48308)
        let scripts = TypingScript.make(count: book.sessions, contacts: index.contacts, alphabet: index.alphabet, random: &random)
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
        print("  peak RSS at the end: \(Report.megabytes(Memory.peakResidentMegabytes()))")
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
