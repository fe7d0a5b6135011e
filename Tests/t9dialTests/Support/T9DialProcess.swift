// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import Tones

/// Runs the built `t9dial` program as a child process, as a user or another program would.
enum T9DialProcess {
    /// The package's root directory, found from this file's path; the child runs in it, so the
    /// sample book is `Config/samples/contacts.vcf` as the README writes it.
    static let repositoryRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // t9dialTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
        .path

    static let sampleContacts = "Config/samples/contacts.vcf"
    static let dataDirectory = repositoryRoot + "/Config"

    /// The `t9dial` built next to this test bundle (`.build/<triple>/debug/`), else
    /// `.build/debug/t9dial` in the repository.
    static let executable: String? = {
        var folders: [URL] = []
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: running).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(URL(fileURLWithPath: repositoryRoot + "/.build/debug"))
        return folders.map { $0.appendingPathComponent("t9dial").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The environment of a t9dial a test starts: this process's, without the user's
    /// T9DIAL_CONFIG and T9DIAL_DATA_DIR, with the dial history in `stateDirectory`.
    ///
    /// Under LeakSanitizer (make test-asan) the child still has its leaks checked at exit, but
    /// it does not list the suppressions it used on standard error, which the tests compare
    /// line by line: this test process lists them for the whole run (Tests/Sanitizers).
    static func environment(stateDirectory: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["T9DIAL_CONFIG", "T9DIAL_DATA_DIR"] { environment[name] = nil }
        environment["STATE_DIRECTORY"] = stateDirectory
        if let options = environment["LSAN_OPTIONS"] {
            let kept = options.split(separator: ":").filter { !$0.hasPrefix("print_suppressions=") }
            environment["LSAN_OPTIONS"] = (kept + ["print_suppressions=0"]).joined(separator: ":")
        }
        return environment
    }

    /// Where the child's standard output goes.
    enum StandardOutput: Sendable {
        /// A file, read into `Output.stdout`.
        case captured
        /// /dev/full: every write fails with ENOSPC.
        case fullDevice
        /// A pipe whose read end is closed before the child starts: every write fails with
        /// EPIPE (or raises SIGPIPE).
        case closedPipe
    }

    struct Output: Sendable {
        var stdout: String
        var stderr: String
        /// The exit status, or the signal's number when a signal ended the child.
        var status: Int32
        /// The signal that ended the child; nil when it exited.
        var signal: Int32? = nil

        /// Standard output split into lines, without the final newline's empty line.
        var lines: [String] {
            var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }

        /// Standard output parsed as one JSON value.
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        }
    }

    /// Runs `t9dial arguments...` in the repository root with `stdin` as its input. Unless
    /// `config` names one, an empty temp config file is passed with `--config`, so that no test
    /// reads ~/.config or /etc; `--data-dir` is the repository's `Config` unless `dataDirectory`
    /// is false. Output goes to temp files, so a large output cannot block the child.
    static func run(
        _ arguments: [String],
        stdin: String = "",
        config: String? = nil,
        dataDirectory: Bool = true,
        stateDirectory: String? = nil,
        standardOutput: StandardOutput = .captured,
        environment extra: [String: String] = [:]
    ) throws -> Output {
        let executable = try #require(executable, "build t9dial first: swift build --build-tests")
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("t9dialTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var arguments = arguments
        // history, forget, version and the help read no config or data files.
        let readsConfig = !["history", "forget", "version", "--version", "--help", "help", "--generate-completion-script"].contains(arguments.first ?? "")
        if !readsConfig {
        } else if let config {
            arguments += ["--config", config]
        } else {
            let empty = scratch.appendingPathComponent("empty.toml")
            try Data().write(to: empty)
            arguments += ["--config", empty.path]
        }
        // sync reads the config's [carddav] table only, ring its [sound], speed-dial its
        // [speed_dial], and contacts only the contact files: no layouts.
        if dataDirectory, readsConfig, !["sync", "contacts", "ring", "speed-dial"].contains(arguments.first ?? "") {
            arguments += ["--data-dir", Self.dataDirectory]
        }

        let input = scratch.appendingPathComponent("stdin")
        let output = scratch.appendingPathComponent("stdout")
        let errors = scratch.appendingPathComponent("stderr")
        try Data(stdin.utf8).write(to: input)
        for file in [output, errors] { try Data().write(to: file) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
        // The dial history of this run only, never the user's.
        process.environment = environment(stateDirectory: stateDirectory ?? scratch.appendingPathComponent("state").path)
            .merging(extra) { _, given in given }
        let inputHandle = try FileHandle(forReadingFrom: input)
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? inputHandle.close()
            try? outputHandle.close()
            try? errorHandle.close()
        }
        process.standardInput = inputHandle
        process.standardError = errorHandle
        // Kept open until the child has ended: the child's standard output when not captured.
        var outputEnd: FileHandle?
        defer { try? outputEnd?.close() }
        switch standardOutput {
        case .captured:
            process.standardOutput = outputHandle
        case .fullDevice:
            outputEnd = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            process.standardOutput = outputEnd
        case .closedPipe:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            outputEnd = pipe.fileHandleForWriting
            process.standardOutput = outputEnd
        }
        try process.run()
        process.waitUntilExit()

        return Output(
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self),
            status: process.terminationStatus,
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        )
    }

    /// Runs `body` with a new empty directory, removed afterwards.
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("t9dialTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// Writes `text` as UTF-8 to `path`; returns `path`.
    @discardableResult
    static func write(_ text: String, to path: String) throws -> String {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

extension T9DialProcess {
    /// An ALSA configuration in `directory` whose PCM `name` (`pcm.!default` with "!default")
    /// writes every sample played on it into a WAV, through the real alsa-lib's file plugin:
    /// the environment that makes a t9dial use it, and the WAV's path, to analyse afterwards.
    static func recordingALSA(in directory: String, pcm name: String = "t9dialtest", wav file: String = "ring.wav") throws -> (
        environment: [String: String], wav: String
    ) {
        let wav = directory + "/" + file
        let asoundrc = directory + "/asound.conf"
        try "pcm.\(name) { type file; slave.pcm { type null }; file \"\(wav)\"; format \"wav\" }\n"
            .write(toFile: asoundrc, atomically: true, encoding: .utf8)
        return (["ALSA_CONFIG_PATH": asoundrc], wav)
    }

    /// The sound and silence in the WAV a `recordingALSA` PCM wrote, in order.
    static func recordedRuns(wav: String) throws -> [ToneAnalysis.Run] {
        let clip = try WAVFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: wav))))
        return ToneAnalysis.runs(clip.samples, rate: clip.rate)
    }
}
