// SPDX-License-Identifier: Apache-2.0

import Foundation
@testable import DialHistory

/// A child process of the concurrent-open test: this test binary run again with
/// `T9DIAL_HISTORY_OPENER_DB` set, running only ``ConcurrentOpenTests/opener()``. It prints
/// `ready`, waits for its standard input to close (the parent closes every child's at once once
/// all are ready, so that they open together), opens the history, records one dial numbered
/// `T9DIAL_HISTORY_OPENER_NAME`, and prints one line: `recorded`, `moved <what>` when it moved a
/// file aside, or `error <what>`.
enum HistoryOpener {
    static let databaseVariable = "T9DIAL_HISTORY_OPENER_DB"
    static let nameVariable = "T9DIAL_HISTORY_OPENER_NAME"

    static var isChild: Bool { ProcessInfo.processInfo.environment[databaseVariable] != nil }

    static func run() {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[databaseVariable] else { return }
        HistoryWriter.say("ready\n")
        _ = FileHandle.standardInput.readDataToEndOfFile()
        do {
            let history = try DialHistory(path: path)
            if let moved = history.movedAside { HistoryWriter.say("moved \(moved)\n") }
            try history.record(Dial(uid: nil, number: environment[nameVariable] ?? "?", time: Date(), status: .placed))
            HistoryWriter.say("recorded\n")
        } catch {
            HistoryWriter.say("error \(error)\n")
        }
    }
}
