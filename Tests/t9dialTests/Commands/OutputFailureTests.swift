// SPDX-License-Identifier: Apache-2.0

import CardDAVTestSupport
import Foundation
import Glibc
import Testing

/// Every command when its standard output cannot be written: on a full disk (/dev/full) it
/// says so in one line on standard error and exits with status 1; when the reader went away
/// (a pipe whose read end is closed, as `| head` leaves it) it ends by SIGPIPE, quietly.
@Suite("Output that cannot be written")
struct OutputFailureTests {
    struct Command: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var stdin = ""
        /// What the command writes on standard error before any output: `try`'s legend.
        var preamble: [String] = []

        var testDescription: String { arguments.prefix(2).joined(separator: " ") }
    }

    static let sample = T9DialProcess.sampleContacts
    static let legend = [
        "Keys: 0-9 type, * next result, # dial, Enter dial, Backspace delete, Esc clear,",
        "+ or Down next, - or Up previous, Tab or / switch T9 and multi-tap, h hang up, q quit.",
        "# or Enter with nothing typed: the recent calls; again: call the one selected.",
        "Alt+digit (or Esc then the digit) holds it: 0 is +; with nothing typed, 2-9 speed dial, 1 voicemail.",
    ]

    static let commands: [Command] = [
        Command(arguments: ["--help"]),
        Command(arguments: ["help", "search"]),
        Command(arguments: ["--generate-completion-script", "bash"]),
        Command(arguments: ["--version"]),
        Command(arguments: ["version"]),
        Command(arguments: ["search", "2", "--contacts", sample]),
        Command(arguments: ["search", "--stdin", "--contacts", sample], stdin: "2\n37337\n"),
        Command(arguments: ["search", "--stdin", "--json", "--contacts", sample], stdin: "2\n"),
        Command(arguments: ["query", "displayName == \"*\"", "--contacts", sample]),
        Command(arguments: ["contacts", "--contacts", sample]),
        Command(arguments: ["contacts", "--json", "--contacts", sample]),
        Command(arguments: ["run", "--replay", "Config/samples/demo-session.evemu", "--contacts", sample]),
        Command(arguments: ["run", "--replay", "Config/samples/demo-session.evemu", "--json", "--contacts", sample]),
        Command(arguments: ["try", "--contacts", sample], stdin: "5764\r", preamble: legend),
        Command(arguments: ["monitor", "--replay", MonitorCommandTests.bouncing]),
        Command(arguments: ["devices", "--input-dir", "/nonexistent"]),
        Command(arguments: ["doctor", "--root", "/nonexistent"]),
        Command(arguments: ["history"]),
        Command(arguments: ["history", "--json"]),
        Command(arguments: ["forget"]),
    ]

    /// The lines of standard error.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test("A full disk: one line on standard error, exit status 1", arguments: commands)
    func fullDisk(_ command: Command) throws {
        let output = try T9DialProcess.run(command.arguments, stdin: command.stdin, standardOutput: .fullDevice)
        #expect(output.signal == nil, "stderr: \(output.stderr)")
        #expect(output.status == 1)
        #expect(
            Self.lines(output.stderr) == command.preamble + ["error: cannot write to standard output: No space left on device"])
        #expect(!output.stderr.contains("Fatal error"))
    }

    @Test("The reader gone: ended by SIGPIPE, nothing on standard error", arguments: commands)
    func readerGone(_ command: Command) throws {
        let output = try T9DialProcess.run(command.arguments, stdin: command.stdin, standardOutput: .closedPipe)
        #expect(output.signal == SIGPIPE, "status \(output.status), stderr: \(output.stderr)")
        #expect(Self.lines(output.stderr) == command.preamble)
    }

    /// `t9dial sync` writes once the address book is synced: from a real server.
    @Test(
        .enabled(if: RadicaleServer.isInstalled, "radicale is not installed: \(RadicaleServer.installHint)"),
        arguments: [T9DialProcess.StandardOutput.fullDevice, .closedPipe])
    func sync(_ standardOutput: T9DialProcess.StandardOutput) throws {
        try RadicaleServer.with { server in
            try server.put("fred", card: CardFixtures.card(uid: "fred", name: "Fred Smith", phone: "+44 121 496 0000"))
            try T9DialProcess.withTemporaryDirectory { directory in
                let config = try SyncCommandTests.config(
                    url: server.bookURL.absoluteString, user: RadicaleServer.user, password: RadicaleServer.password, in: directory)
                let output = try T9DialProcess.run(["sync"], config: config, stateDirectory: directory + "/state", standardOutput: standardOutput)
                if standardOutput == .fullDevice {
                    #expect(output.signal == nil && output.status == 1)
                    #expect(Self.lines(output.stderr) == ["error: cannot write to standard output: No space left on device"])
                } else {
                    #expect(output.signal == SIGPIPE)
                    #expect(output.stderr.isEmpty)
                }
            }
        }
    }
}
