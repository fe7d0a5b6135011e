// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A real SIPp (Debian's sip-tester) for tests: the far end of a call, playing one scenario of
/// `Tests/Calls/sipp` once (`-m 1`) on a free port of 127.0.0.1, bounded by `-timeout`, with
/// the SIP messages it sent and received and the unexpected ones kept in files.
public final class LiveSIPp {
    public static let executable = "/usr/bin/sipp"
    /// Whether SIPp is here (`make test` installs it).
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// The port SIPp's SIP listens on (127.0.0.1).
    public let port: UInt16
    public let directory: String
    private let process: LiveProcess

    /// Starts SIPp with `scenario` (a file name in Tests/Calls/sipp). `remote` is where a UAC
    /// scenario calls (`127.0.0.1:PORT`); `service` the user it calls (`-s`); `keys` the
    /// scenario's `[keyword]`s (`-key`). SIPp gives up after `timeout` seconds and then exits
    /// non-zero.
    public init(scenario: String, remote: String? = nil, service: String? = nil, keys: [String: String] = [:], timeout: Int = 20) throws {
        let path = PackagePaths.root + "/Tests/Calls/sipp/" + scenario
        guard FileManager.default.fileExists(atPath: path) else { throw LiveProgramError(description: "no SIPp scenario \(path)") }
        directory = try PackagePaths.temporaryDirectory("t9dial-sipp")
        port = FreePorts.sip()
        var arguments = [
            "-sf", path, "-i", "127.0.0.1", "-p", String(port), "-m", "1", "-timeout", "\(timeout)s", "-timeout_error", "-nostdin",
            "-trace_msg", "-message_file", directory + "/messages.log", "-trace_err", "-error_file", directory + "/errors.log",
        ]
        if let service { arguments += ["-s", service] }
        for (key, value) in keys.sorted(by: { $0.key < $1.key }) { arguments += ["-key", key, value] }
        if let remote { arguments.append(remote) }
        process = try LiveProcess(executable: Self.executable, arguments: arguments, outputPath: directory + "/screen.log")
        // SIPp binds its port at once; a UAS must listen before anyone calls it.
        Thread.sleep(forTimeInterval: 0.2)
    }

    deinit {
        process.stop(grace: 1)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The URI an outgoing call dials to reach this SIPp: `sip:USER@127.0.0.1:PORT`.
    public func uri(user: String = "100") -> String { "sip:\(user)@127.0.0.1:\(port)" }

    /// Waits up to `seconds` for SIPp to end: its exit status (0: the scenario ran to its end),
    /// or nil when it still runs.
    public func wait(upTo seconds: Double) -> Int32? { process.wait(upTo: seconds) }

    /// Ends SIPp now.
    public func stop() { process.stop(grace: 1) }

    /// The SIP messages SIPp sent and received (`-trace_msg`).
    public var messages: String { Self.read(directory + "/messages.log") }
    /// The messages SIPp did not expect (`-trace_err`).
    public var errors: String { Self.read(directory + "/errors.log") }
    /// What SIPp printed.
    public var output: String { process.output }

    /// The first lines of every message, in order: `INVITE sip:...`, `SIP/2.0 180 Ringing`.
    public var startLines: [String] {
        messages.split(whereSeparator: \.isNewline).map(String.init)
            .filter { $0.hasPrefix("SIP/2.0 ") || $0.range(of: #"^[A-Z]+ \S+ SIP/2\.0$"#, options: .regularExpression) != nil }
    }

    /// Everything kept, for a failing test's message.
    public var report: String { "SIPp output:\n\(output)\nerrors:\n\(errors)\nmessages:\n\(messages)" }

    private static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
