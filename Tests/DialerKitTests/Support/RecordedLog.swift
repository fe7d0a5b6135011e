// SPDX-License-Identifier: Apache-2.0

import Logging
import Synchronization

/// A logger whose messages are kept, as "level: message" lines, for tests to check.
final class RecordedLog: Sendable {
    private let recorded = Mutex<[String]>([])

    var lines: [String] { recorded.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var logLevel: Logger.Level = .debug
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.recorded.withLock { $0.append("\(event.level): \(event.message)") }
        }
    }
}
