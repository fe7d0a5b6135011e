// SPDX-License-Identifier: Apache-2.0

import Logging
import Synchronization

/// A logger for a run of weeks: it counts the lines of each level and those that start with
/// the prefixes asked for, and keeps only the lines at error priority or above, and each
/// distinct warning once (up to `keptWarnings`), so that what the test holds stays the same
/// size however long the dialer runs.
final class SoakLog: Sendable {
    private struct State {
        var levels: [Logger.Level: Int] = [:]
        var prefixes: [String: Int] = [:]
        var errors: [String] = []
        var warnings: [String] = []
    }

    private let state = Mutex(State())
    /// The prefixes whose lines are counted ("info: reloaded:").
    let countedPrefixes: [String]
    /// How many distinct warnings are kept, for the report.
    static let keptWarnings = 50

    init(counting prefixes: [String]) {
        countedPrefixes = prefixes
    }

    var logger: Logger {
        Logger(label: "soak") { _ in Handler(log: self) }
    }

    /// The lines logged at error priority or above, as "level: message".
    var errors: [String] { state.withLock { $0.errors } }

    /// The distinct warnings logged, the first `keptWarnings` of them.
    var warnings: [String] { state.withLock { $0.warnings } }

    /// How many lines were logged at `level`.
    func count(_ level: Logger.Level) -> Int { state.withLock { $0.levels[level] ?? 0 } }

    /// How many lines started with `prefix`, one of `countedPrefixes`.
    func count(prefix: String) -> Int { state.withLock { $0.prefixes[prefix] ?? 0 } }

    fileprivate func record(_ level: Logger.Level, _ message: String) {
        let line = "\(level): \(message)"
        let matched = countedPrefixes.filter { line.hasPrefix($0) }
        state.withLock { state in
            state.levels[level, default: 0] += 1
            for prefix in matched { state.prefixes[prefix, default: 0] += 1 }
            if level >= .error {
                state.errors.append(line)
            } else if level == .warning, state.warnings.count < Self.keptWarnings, !state.warnings.contains(line) {
                state.warnings.append(line)
            }
        }
    }

    private struct Handler: LogHandler {
        let log: SoakLog
        // The service's journal level: debug lines are not even made.
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.record(event.level, "\(event.message)")
        }
    }
}
