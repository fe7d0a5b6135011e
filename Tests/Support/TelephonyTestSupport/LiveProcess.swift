// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A program a test started, with its output in a file: stopped with SIGTERM, then SIGKILL
/// when it does not end in time, and always when it is dropped.
final class LiveProcess {
    let process = Process()
    let outputPath: String

    init(executable: String, arguments: [String], outputPath: String) throws {
        self.outputPath = outputPath
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        output.seekToEndOfFile()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try? output.close()
    }

    deinit {
        stop()
    }

    var isRunning: Bool { process.isRunning }

    /// Waits up to `seconds` for the program to end; its exit status, or nil while it runs.
    func wait(upTo seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// SIGTERM, then SIGKILL after `grace` seconds.
    func stop(grace: Double = 3) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if wait(upTo: grace) == nil {
            kill(process.processIdentifier, SIGKILL)
            _ = wait(upTo: 5)
        }
    }

    /// What the program wrote so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
}

/// Where the package is: the test-support sources are at Tests/Support/TelephonyTestSupport.
enum PackagePaths {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func temporaryDirectory(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + "/\(prefix)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A harness that could not do what a test asked, with what the program said.
public struct LiveProgramError: Error, CustomStringConvertible {
    public var description: String
}
