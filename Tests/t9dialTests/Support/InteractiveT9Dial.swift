// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
import Testing

/// `t9dial` running as a child with its standard input a pipe the test types into, key by key,
/// and its output read as it comes: for a call that goes on while the test acts (the far end
/// answers, a key hangs up). Waits have deadlines; the child is killed if still running at the
/// end.
final class InteractiveT9Dial {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let stdoutText = CollectedText()
    private let stderrText = CollectedText()

    /// Starts `t9dial arguments...` in the repository root, its history in `stateDirectory`,
    /// with `environment` over the tests' (ALSA_CONFIG_PATH).
    init(_ arguments: [String], stateDirectory: String, environment: [String: String] = [:]) throws {
        let executable = try #require(T9DialProcess.executable, "build t9dial first: swift build --build-tests")
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--data-dir", T9DialProcess.dataDirectory]
        process.currentDirectoryURL = URL(fileURLWithPath: T9DialProcess.repositoryRoot)
        process.environment = T9DialProcess.environment(stateDirectory: stateDirectory).merging(environment) { _, given in given }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let stdoutText = stdoutText, stderrText = stderrText
        output.fileHandleForReading.readabilityHandler = { stdoutText.append($0.availableData) }
        errors.fileHandleForReading.readabilityHandler = { stderrText.append($0.availableData) }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
    }

    var stdout: String { stdoutText.text }
    var stderr: String { stderrText.text }
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Types `keys` into t9dial's standard input.
    func type(_ keys: String) {
        input.fileHandleForWriting.write(Data(keys.utf8))
    }

    /// Waits until a line of standard output holds `text`; false after `seconds`.
    @discardableResult
    func waitForLine(containing text: String, seconds: Double = 15) -> Bool {
        wait(seconds: seconds) { $0.lines.contains { $0.contains(text) } }
    }

    /// Waits until `condition` holds; false after `seconds`.
    func wait(seconds: Double, until condition: (InteractiveT9Dial) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !condition(self) {
            if Date() > end { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    /// Ends the input (q), waits for t9dial to exit, and gives its status; nil if it did not
    /// within `seconds`, and is then killed.
    func quit(seconds: Double = 15) -> Int32? {
        type("q")
        try? input.fileHandleForWriting.close()
        guard wait(seconds: seconds, until: { !$0.process.isRunning }) else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    /// Ends t9dial's input, as the end of piped keys does.
    func endInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Sends `signal` to t9dial.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// t9dial's process ID.
    var pid: Int32 { process.processIdentifier }

    /// Waits for t9dial to exit by itself, and gives how it ended: its status, or the signal
    /// that ended it as a negative number; nil if it did not within `seconds`, and is killed.
    func waitForExit(seconds: Double = 15) -> Int32? {
        guard wait(seconds: seconds, until: { !$0.process.isRunning }) else {
            process.terminate()
            return nil
        }
        return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    }

    /// What the test saw, for a failure's message.
    var report: String { "t9dial stdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

/// Text a child writes, collected on the reading thread and read by the test.
private final class CollectedText: Sendable {
    private let collected = Mutex("")

    func append(_ data: Data) {
        collected.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }

    var text: String { collected.withLock { $0 } }
}
