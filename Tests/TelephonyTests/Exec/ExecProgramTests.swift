// SPDX-License-Identifier: Apache-2.0

@testable import Telephony
import Foundation
import Testing

@Suite struct ExecProgramTests {
    let number = try! DialNumber("+44 (121) 496-0000")  // a literal the tests rely on

    private func dialer(_ arguments: [String], timeout: Duration = .seconds(10)) throws -> ExecProgram {
        var dialer = try ExecProgram(command: CommandTemplate(arguments), timeout: timeout)
        dialer.terminationGrace = .milliseconds(300)
        return dialer
    }

    @Test func aProgramThatSucceedsPlacesTheCall() throws {
        let outcome = try dialer(["true"]).run(number, name: "").outcome
        #expect(outcome.kind == .placed)
        #expect(outcome.via == "true")
        #expect(outcome.screenMessage == "Calling +441214960000")
    }

    @Test func aFailingProgramReportsItsStatusAndStderr() throws {
        let scratch = try Scratch()
        let script = try scratch.script("fail.sh", "echo 'ignored on stdout'\necho 'error: no modem found' >&2\nexit 3")
        let outcome = try dialer(script).run(number, name: "").outcome
        #expect(outcome.kind == .exited(status: 3))
        #expect(outcome.detail == "error: no modem found\n")
        #expect(outcome.screenMessage == "Failed: exit 3: error: no modem found")
        #expect(outcome.logMessage.contains("status 3"))
        #expect(outcome.logMessage.contains("error: no modem found"))
        #expect(!outcome.logMessage.contains("stdout"))
    }

    @Test func stderrKeepsOnlyItsEnd() throws {
        let scratch = try Scratch()
        let script = try scratch.script("chatty.sh", "i=0; while [ $i -lt 2000 ]; do echo \"line $i\" >&2; i=$((i+1)); done; exit 1")
        var dialer = try dialer(script)
        dialer.standardErrorLimit = 100
        let outcome = dialer.run(number, name: "").outcome
        #expect(outcome.kind == .exited(status: 1))
        #expect(outcome.detail.hasPrefix("..."))
        #expect(outcome.detail.hasSuffix("line 1999\n"))
        #expect(outcome.detail.utf8.count <= 103)
    }

    @Test func aProgramPastTheTimeOutIsKilledAndReaped() throws {
        let scratch = try Scratch()
        // The shell starts sleep as a child: the whole group must go, not only the shell.
        let script = try scratch.script("slow.sh", "echo 'dialling...' >&2\nsleep 30\necho done")
        let started = ContinuousClock.now
        let run = try dialer(script, timeout: .milliseconds(300)).run(number)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(run.outcome.kind == .timedOut(after: .milliseconds(300)))
        #expect(run.outcome.screenMessage == "No answer in 300 ms")
        #expect(run.outcome.detail == "dialling...\n")
        let pid = try #require(run.processID)
        // Reaped: no zombie is left under this pid, and it is not our child any more.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(waitpid(pid, nil, WNOHANG) == -1)
    }

    @Test func aProgramIgnoringSIGTERMIsKilled() throws {
        let scratch = try Scratch()
        let script = try scratch.script("stubborn.sh", "trap '' TERM\nwhile :; do sleep 0.05; done")
        let run = try dialer(script, timeout: .milliseconds(200)).run(number)
        #expect(run.outcome.kind == .timedOut(after: .milliseconds(200)))
        let pid = try #require(run.processID)
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func numberAndNameAreSubstitutedInPlace() throws {
        let scratch = try Scratch()
        let script = try scratch.script("args.sh", "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$0.out\"")
        let outcome = try dialer(script + ["-m", "any", "--voice-create-call", "number={number}", "{name}", "{number}{number}"])
            .run(number, name: "Fred Smith").outcome
        #expect(outcome.kind == .placed)
        let lines = try scratch.read("args.sh.out").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["-m", "any", "--voice-create-call", "number=+441214960000", "Fred Smith", "+441214960000+441214960000", ""])
    }

    @Test func shellMetacharactersArriveLiterally() throws {
        let scratch = try Scratch()
        let script = try scratch.script("args.sh", "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$0.out\"")
        let name = "Bobby'; rm -rf / #$(touch \(scratch.join("pwned")))`id`"
        let outcome = try dialer(script + ["; rm -rf /", "{name}", "$HOME", "*"]).run(number, name: name).outcome
        #expect(outcome.kind == .placed)
        let lines = try scratch.read("args.sh.out").split(separator: "\n").map(String.init)
        #expect(lines == ["; rm -rf /", name, "$HOME", "*"])
        #expect(!FileManager.default.fileExists(atPath: scratch.join("pwned")))
    }

    @Test func aMissingProgramIsNamed() throws {
        let outcome = try dialer(["t9dial-no-such-dialer", "{number}"]).run(number, name: "").outcome
        guard case .failed(let reason) = outcome.kind else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(reason.contains("t9dial-no-such-dialer"))
        #expect(reason.contains("ENOENT"))
        #expect(reason.contains("PATH"))

        let byPath = try dialer(["/nonexistent/dial.sh"]).run(number, name: "").outcome
        #expect(byPath.screenMessage.hasPrefix("Failed: cannot run /nonexistent/dial.sh"))
    }

    /// exec refuses a directory with EACCES, which once made the hint say chmod +x.
    @Test func aDirectoryAsTheProgramIsNamedAsOne() throws {
        let outcome = try dialer(["/tmp", "{number}"]).run(number, name: "").outcome
        guard case .failed(let reason) = outcome.kind else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(reason.contains("/tmp is a directory, not a program"), "\(reason)")
        #expect(!reason.contains("chmod"))
    }

    /// How many times this thread has gone to sleep (voluntary context switches).
    static func sleepsOfThisThread() throws -> Int {
        let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
        return try #require(Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)))
    }

    /// Waiting for a dial program once woke every 10 ms to look whether it had ended: it sleeps
    /// until the program ends (a pidfd), a handful of wake-ups for a second's wait, not a hundred.
    @Test func waitingForTheProgramSleepsUntilItEnds() throws {
        let scratch = try Scratch()
        let script = try scratch.script("slow.sh", "sleep 1")
        let before = try Self.sleepsOfThisThread()
        let outcome = try dialer(script).run(number, name: "").outcome
        let sleeps = try Self.sleepsOfThisThread() - before
        #expect(outcome.kind == .placed)
        #expect(sleeps < 20, "\(sleeps) wake-ups while a program ran for a second")
    }

    @Test func aProgramKilledByASignalSaysWhich() throws {
        let scratch = try Scratch()
        let script = try scratch.script("crash.sh", "kill -SEGV $$")
        let outcome = try dialer(script).run(number, name: "").outcome
        #expect(outcome.kind == .signalled(SIGSEGV))
        #expect(outcome.screenMessage == "Failed: SIGSEGV")
    }

    @Test func theProgramReadsEmptyInput() throws {
        let scratch = try Scratch()
        let script = try scratch.script("fds.sh", "cat > \"$0.in\"")
        let outcome = try dialer(script).run(number, name: "").outcome
        #expect(outcome.kind == .placed)
        #expect(try scratch.read("fds.sh.in") == "")
    }

    @Test func settingsAreCheckedBeforeAnyDial() {
        #expect(throws: DialSetupError.emptyCommand) { try CommandTemplate([]) }
        #expect(throws: DialSetupError.emptyCommand) { try CommandTemplate(["", "x"]) }
        #expect(throws: DialSetupError.badTimeout(.zero)) { try ExecProgram(command: CommandTemplate(["true"]), timeout: .zero) }
    }

    @Test func aBackgroundRunSignalsItsDescriptorWhenDone() throws {
        let scratch = try Scratch()
        let script = try scratch.script("slowish.sh", "sleep 0.2; echo 'line busy' >&2; exit 2")
        let method = try dialer(script)
        let dial = try BackgroundRun(method, number: number)
        let early = dial.outcome()
        #expect(early == nil)
        var entry = pollfd(fd: dial.readinessDescriptor.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 0) == 0)
        #expect(poll(&entry, 1, 10_000) == 1)
        let done = dial.outcome()
        #expect(done?.kind == .exited(status: 2))
        let waited = dial.waitForOutcome()
        #expect(waited == done)
    }
}
