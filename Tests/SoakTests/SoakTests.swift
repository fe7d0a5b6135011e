// SPDX-License-Identifier: Apache-2.0

import CardDAVTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The dialer service through simulated days of use (`SoakRun`): after the first day its
/// anonymous memory stays within 1 MB of its level then, its descriptors and threads stay
/// exactly as they were, and nothing is ever logged at error priority. `T9DIAL_SOAK_DAYS` says how many days
/// (2 unless set; `make soak SOAK_DAYS=30` runs a month).
///
/// The soak runs in a process of its own, this test binary started again for it alone: the
/// other tests of the package run in parallel in this one, and would show in its memory,
/// descriptors and threads.
@Suite("A month of use in minutes")
struct SoakTests {
    static let radicaleHint = "radicale is not installed: \(RadicaleServer.installHint)"

    @Test(
        "Simulated days of keys, dials, calls, reloads, syncs and replugs leave memory, descriptors and threads flat",
        .enabled(if: !SoakSettings.isChild), .enabled(if: RadicaleServer.isInstalled, "\(radicaleHint)"))
    func soakInAProcessOfItsOwn() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/t9dial-soak-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "CREDENTIALS_DIRECTORY", "CACHE_DIRECTORY"] {
            environment[name] = nil
        }
        environment["T9DIAL_SOAK_CHILD"] = "1"
        environment["T9DIAL_SOAK_DIR"] = directory
        environment["T9DIAL_SOAK_DAYS"] = "\(SoakSettings.days)"
        environment["STATE_DIRECTORY"] = directory + "/state"
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "soakInThisProcess"]
        child.environment = environment
        child.standardInput = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        #expect(
            child.terminationReason == .exit && child.terminationStatus == 0,
            "the soak failed (exit status \(child.terminationStatus)); its table and its reasons are printed above")
    }

    @Test("The soak, in the process started for it", .enabled(if: SoakSettings.isChild))
    func soakInThisProcess() throws {
        let directory = try #require(SoakSettings.directory)
        // On a thread of its own: the threads the service starts unnamed take its name, where
        // they would take the name of the test's pool thread, which the count leaves out.
        let outcome = try Self.onThread(named: "t9dial-soak") { try Self.soak(in: directory + "/board") }
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
        #expect(outcome.problems.isEmpty, "\(outcome.problems.joined(separator: "\n"))")
        #expect(outcome.errors.isEmpty, "\(outcome.errors.joined(separator: "\n"))")
        #expect(outcome.rewritesSeen == outcome.hours, "each hourly rewrite of the book is searched")
        #expect(outcome.syncs >= outcome.hours * 3, "the address book is synced every 15 minutes")
        #expect(outcome.calls > 0 && outcome.keys > 0)
    }

    /// What a soak found, for the test to check.
    struct Outcome: Sendable {
        /// Memory, descriptors or threads that did not stay flat (`SoakReport.failures`).
        var failures: [String]
        /// What did not happen as it should (`SoakRun.problems`).
        var problems: [String]
        /// The lines logged at error priority.
        var errors: [String]
        var hours: Int
        var rewritesSeen: Int
        var syncs: Int
        var calls: Int
        var keys: Int
    }

    /// Runs the soak in `directory`, prints its table and its verdict, and says what it found.
    static func soak(in directory: String) throws -> Outcome {
        let began = ContinuousClock.now
        let soak = try SoakRun(directory: directory, days: SoakSettings.days, seed: SoakSettings.seed)
        defer { soak.stop() }
        let samples = try soak.run(dataDirectory: Self.dataDirectory)
        let report = SoakReport(samples: samples)
        let wall = ContinuousClock.now - began
        let outcomes = soak.display.outcomes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }
        print(
            """

            t9dial soak: \(SoakSettings.days) simulated days (seed \(SoakSettings.seed)) in \(wall.formatted(.units(allowed: [.minutes, .seconds], width: .narrow))) of wall time
            \(report.table(hourly: SoakSettings.days <= 2))

            calls: \(outcomes.joined(separator: ", ")); tones sent: \(soak.display.tonesSent); replugs: \(soak.replugs)
            queries: \(soak.sessions - soak.incomingCalls) typed, \(soak.multiTapQueries) of them in multi-tap, \(soak.queriesFound) found someone
            log: \(soak.log.count(.info)) info, \(soak.log.count(.notice)) notice, \(soak.log.count(.warning)) warning, \(soak.log.count(.error)) error lines
            """)
        for warning in soak.log.warnings { print("  " + warning) }
        print("threads at the end: \(ProcessSample.threadNames().joined(separator: ", "))")
        if !soak.changes.isEmpty { print("descriptors and threads, where they changed from one sample to the next:") }
        for change in soak.changes { print("  " + change) }
        let failures = report.failures + soak.problems + soak.log.errors.map { "logged at error priority: \($0)" }
        print(
            failures.isEmpty
                ? "verdict: flat after day 1 (memory within 1 MB, descriptors and threads exact), no error logged" : "verdict: FAILED")
        for failure in failures { print("  " + failure) }
        let slopes = [report.growthPerDay, report.heapGrowthPerDay].map { $0.map { String(format: "%+.0f kB", $0) } ?? "-" }
        print("after day 1, a day: RssAnon \(slopes[0]), heap in use \(slopes[1])")
        let last = samples.last
        return Outcome(
            failures: report.failures, problems: soak.problems, errors: soak.log.errors, hours: samples.count, rewritesSeen: soak.rewritesSeen,
            syncs: last?.syncs ?? 0, calls: last?.calls ?? 0, keys: last?.keys ?? 0)
    }

    /// Runs `body` on a new thread named `name` (as the kernel shows it), and waits for it.
    static func onThread<T: Sendable>(named name: String, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            Thread.current.name = name
            box.set(Result { try body() })
            done.signal()
        }.start()
        done.wait()
        return try box.get()
    }

    /// `Config/`, the data directory of the source checkout.
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config").path
}

/// Where a thread leaves its result for the one waiting for it.
private final class ResultBox<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)

    func set(_ value: Result<T, any Error>) { result.withLock { $0 = value } }

    func get() throws -> T {
        guard let value = result.withLock({ $0 }) else { throw SoakFailure("the soak's thread left no result") }
        return try value.get()
    }
}
