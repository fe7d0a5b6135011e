// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Foundation
import Telephony
import Testing

/// The `exec` and `print` methods as the dialer's loop runs them: real programs run without a
/// shell, on threads of their own, their end waking the loop.
@Suite("Launching calls: exec and print")
struct ExecLineTests {
    static let fredNumber = "+353 (1) 234-5678 ext. 9"
    static let fredName = "Siobhán O'Brien; rm -rf $HOME"

    /// The command that runs a script in `directory` that writes each of its arguments on a
    /// line of `args.txt`, then runs `tail` (shell lines). The script is run by `/bin/sh`, not
    /// executed itself: a file just written may still be open for writing in a child another
    /// test forked meanwhile, and executing it then fails with ETXTBSY.
    func script(in directory: String, _ tail: String = "exit 0") throws -> [String] {
        let path = directory + "/dial.sh"
        try "for a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \"\(directory)/args.txt\"\n\(tail)\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return ["/bin/sh", path]
    }

    /// Runs `line` as the loop does until it says what came of its dial.
    func launched(_ line: ExecLine, events: [LineEvent] = []) -> DialOutcome? {
        let loop = LineLoop(line: line)
        loop.events = events
        _ = loop.run(seconds: 30) { loop.events.contains { if case .launched = $0 { true } else { false } } }
        for case .launched(let outcome) in loop.events { return outcome }
        return nil
    }

    static func dialFred(_ line: ExecLine) throws -> [LineEvent] {
        line.dial(try DialNumber(fredNumber), name: fredName, at: LineLoop.now)
    }

    @Test func execGetsTheReducedNumberAndTheNameAsSingleArgumentsWithNoShell() throws {
        try withTemporaryDirectory { directory in
            let line = try ExecLine(command: try script(in: directory) + ["--to={number}", "{name}"], hangUpCommand: [], timeoutSeconds: 30)
            #expect(try Self.dialFred(line).isEmpty, "runs on: its end wakes the loop")
            #expect(line.isWorking)
            #expect(line.descriptors.count == 1)
            let outcome = try #require(launched(line))
            #expect(outcome.isPlaced)
            #expect(outcome.screenMessage == "Calling +35312345678")
            let arguments = try String(contentsOfFile: directory + "/args.txt", encoding: .utf8)
            #expect(arguments == "--to=+35312345678\nSiobhán O'Brien; rm -rf $HOME\n")
            #expect(!line.isWorking)
            #expect(line.descriptors.isEmpty, "idle is asleep")
        }
    }

    @Test func aFailingProgramSaysWhyOnTheScreen() throws {
        try withTemporaryDirectory { directory in
            let line = try ExecLine(
                command: try script(in: directory, "echo 'error: no modem found' >&2\nexit 3") + ["{number}"], hangUpCommand: [], timeoutSeconds: 30)
            let outcome = try #require(launched(line, events: try Self.dialFred(line)))
            #expect(outcome.kind == .exited(status: 3))
            #expect(outcome.screenMessage == "Failed: exit 3: error: no modem found")
        }
    }

    @Test func aProgramPastItsTimeOutIsEndedAndReported() throws {
        try withTemporaryDirectory { directory in
            let line = try ExecLine(command: try script(in: directory, "exec sleep 30") + ["{number}"], hangUpCommand: [], timeoutSeconds: 1)
            let outcome = try #require(launched(line, events: try Self.dialFred(line)))
            #expect(outcome.kind == .timedOut(after: .seconds(1)))
            #expect(outcome.screenMessage.hasPrefix("No answer in"))
        }
    }

    @Test func aSecondDialWhileTheFirstRunsFailsAtOnce() throws {
        try withTemporaryDirectory { directory in
            let line = try ExecLine(command: try script(in: directory, "sleep 0.5") + ["{number}"], hangUpCommand: [], timeoutSeconds: 30)
            #expect(try Self.dialFred(line).isEmpty)
            let second = line.dial(try DialNumber("4242"), name: nil, at: LineLoop.now)
            guard case .launched(let refused) = second.first else { Issue.record("\(second)"); return }
            #expect(!refused.isPlaced)
            #expect(refused.screenMessage.contains("another call is still being dialled"))
            #expect(launched(line)?.isPlaced == true)
        }
    }

    @Test func printFinishesAtOnce() throws {
        let line = PrintLine()
        #expect(!line.followsCalls)
        let events = line.dial(try DialNumber(Self.fredNumber), name: Self.fredName, at: 0)
        #expect(events == [.launched(DialOutcome(.placed, via: "print", number: "+35312345678"))])
        #expect(line.descriptors.isEmpty && line.nextDeadline == nil && !line.isWorking)
    }

    @Test func hangUpRunsTheHangUpCommandWithTheNumber() throws {
        try withTemporaryDirectory { directory in
            let program = try script(in: directory)
            let line = try ExecLine(command: program + ["dial", "{number}"], hangUpCommand: program + ["hangup", "{number}"], timeoutSeconds: 30)
            #expect(launched(line, events: try Self.dialFred(line))?.isPlaced == true)
            #expect(line.hangUp(at: LineLoop.now).isEmpty)
            #expect(line.isWorking)
            let loop = LineLoop(line: line)
            #expect(loop.run(seconds: 30) { !line.isWorking })
            #expect(loop.events == [.log(.info, "hung up the call to +35312345678 via /bin/sh")])
            let arguments = try String(contentsOfFile: directory + "/args.txt", encoding: .utf8)
            #expect(arguments == "dial\n+35312345678\nhangup\n+35312345678\n")
        }
    }

    @Test func withoutAHangUpCommandTheLogSaysSo() throws {
        try withTemporaryDirectory { directory in
            let line = try ExecLine(command: try script(in: directory) + ["{number}"], hangUpCommand: [], timeoutSeconds: 30)
            _ = launched(line, events: try Self.dialFred(line))
            let events = line.hangUp(at: LineLoop.now)
            #expect(events.count == 1)
            guard case .log(.warning, let message) = events.first else { Issue.record("\(events)"); return }
            #expect(message.contains("set hangup_command"))
        }
    }

    @Test func aCommandWithNoProgramIsRefusedAtStart() {
        #expect(throws: DialSetupError.emptyCommand) { try ExecLine(command: [""], hangUpCommand: [], timeoutSeconds: 30) }
    }

    private func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let scratch = try Scratch()
        try body(scratch.path)
    }
}
