// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import Logging
import Systemd

/// How much the long-running commands (run, try) log, and where: standard error, with journal
/// priorities when systemd reads it (see `StandardErrorLogHandler`).
struct LogOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Log debug messages too: each keypad event read and each timer.")
    var verbose = false

    /// Sets up the process's logging and gives its logger. Call once, before logging.
    func makeLogger() -> Logger {
        let level: Logger.Level = verbose ? .debug : .info
        LoggingSystem.bootstrap { _ in StandardErrorLogHandler(level: level) }
        return Logger(label: "t9dial")
    }
}
