// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import Testing
@testable import DialHistory

@Suite struct KillLoopTests {
    /// The writer child (see ``HistoryWriter``); skipped in a normal test run.
    @Test(.enabled(if: HistoryWriter.isChild, "runs only as the SIGKILL test's child process"))
    func writer() throws {
        try HistoryWriter.run()
    }

    /// Kills a writer with SIGKILL at random moments, 20 times over one database: after each,
    /// the file passes `PRAGMA integrity_check` and holds every dial printed as placed.
    @Test(.disabled(if: HistoryWriter.isChild))
    func sigkillNeitherCorruptsNorLosesPlacedDials() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var totalPlaced = 0
        var generator = SystemRandomNumberGenerator()
        for run in 0..<20 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "KillLoopTests/writer"]
            var environment = ProcessInfo.processInfo.environment
            environment[HistoryWriter.databaseVariable] = path
            environment[HistoryWriter.runVariable] = "r\(run)"
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Read while the writer writes, so that a full pipe never blocks it.
            let reader = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
            // Early kills land in opening and migrating; later ones amid the writes.
            let delay = UInt64.random(in: 50...900, using: &generator)
            try await Task.sleep(nanoseconds: delay * 1_000_000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "run \(run): the writer ended before the kill")
            let text = String(decoding: await reader.value, as: UTF8.self)
            let placed = text.split(separator: "\n").compactMap { line in
                line.hasPrefix("placed ") ? String(line.dropFirst("placed ".count)) : nil
            }
            totalPlaced += placed.count

            let history = try DialHistory(path: path)
            #expect(history.movedAside == nil, "run \(run): \(history.movedAside?.description ?? "")")
            #expect(try history.integrityCheck() == ["ok"], "run \(run)")
            let numbers = Set(try history.allDials().map(\.number))
            let lost = placed.filter { !numbers.contains($0) }
            #expect(lost.isEmpty, "run \(run): dials shown as placed but not recorded: \(lost.prefix(5))")
        }
        #expect(totalPlaced > 0, "no run got as far as placing a dial")
    }
}
