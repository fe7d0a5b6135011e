// SPDX-License-Identifier: Apache-2.0

public import Logging

/// One thing to tell the user in the log, with how much it matters: a file that no longer
/// loads is a warning, a sync that brought new cards is information. Parts that run on their
/// own (the live book, a sync) return these; the loop logs them.
public struct LogLine: Sendable, Hashable, CustomStringConvertible {
    public var level: Logger.Level
    public var text: String

    public init(_ level: Logger.Level, _ text: String) {
        self.level = level
        self.text = text
    }

    public static func info(_ text: String) -> LogLine { LogLine(.info, text) }
    public static func warning(_ text: String) -> LogLine { LogLine(.warning, text) }
    public static func error(_ text: String) -> LogLine { LogLine(.error, text) }

    public var description: String { text }
}

extension Logger {
    /// Logs `line` at its level.
    public func log(_ line: LogLine) {
        log(level: line.level, "\(line.text)")
    }
}
