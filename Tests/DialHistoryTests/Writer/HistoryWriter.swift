// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
@testable import DialHistory

/// The child process of the SIGKILL test: this test binary run again with
/// `T9DIAL_HISTORY_WRITER_DB` set, running only ``KillLoopTests/writer()``, which records dials
/// in a loop and prints `placed <run>-<n>` after each commit, the way the dialer shows a dial as
/// placed only once ``DialHistory/record(_:)`` returned.
///
/// Running the test binary itself (spawned with `Process`, so no `fork` in a threaded process)
/// needs no extra executable target.
enum HistoryWriter {
    /// The database the child writes; its presence makes the process a writer.
    static let databaseVariable = "T9DIAL_HISTORY_WRITER_DB"
    /// A label for the child's dial numbers, unique per run so that runs can be told apart.
    static let runVariable = "T9DIAL_HISTORY_WRITER_RUN"

    static var isChild: Bool { ProcessInfo.processInfo.environment[databaseVariable] != nil }

    /// Records dials until killed (or for at most `limit` dials, so that a lost parent does
    /// not leave it running for ever).
    static func run(limit: Int = 200_000) throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[databaseVariable] else { return }
        let run = environment[runVariable] ?? "run"
        // No pruning: a fast machine records more than the default 10,000 calls before the
        // kill, and the test checks that every dial printed is still there.
        let history = try DialHistory(path: path, limits: HistoryLimits(calls: limit * 100))
        for n in 0..<limit {
            let number = "\(run)-\(n)"
            try history.record(Dial(uid: "uid\(n % 7)", number: number, time: Date(), status: .placed))
            if n % 5 == 0 { try history.learn(query: String(n), mode: "t9", uid: "uid\(n % 7)") }
            say("placed \(number)\n")
        }
    }

    /// Writes `line` to standard output at once, unbuffered (write(2)), so the parent has read
    /// every line printed before the kill.
    static func say(_ line: String) {
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
