// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
import Glibc
import SystemCalls

/// The program of the `exec` method (`ExecLine`): places a call, or ends one, by running a
/// program (`mmcli`, a script of the user's) with the number as an argument, never through a
/// shell.
///
/// The program gets stdin and stdout on /dev/null and its stderr on a pipe, of which the last
/// `standardErrorLimit` bytes are kept for the message. It runs in a process group of its own.
/// Exit status 0 is a placed call; another status, a signal, or a program that cannot be
/// started is a failure with the reason. A program still running at the time-out gets SIGTERM,
/// then SIGKILL after `terminationGrace`, and so does everything it started; it is always
/// reaped.
///
/// `run` blocks until the program ends (at most `timeout` plus `terminationGrace`): call it
/// from a background thread, through `BackgroundRun`, never from the event loop.
public struct ExecProgram: Sendable {
    public let command: CommandTemplate
    public let timeout: Duration
    /// How long a program gets to end after SIGTERM before SIGKILL.
    public var terminationGrace: Duration = .seconds(1)
    /// How much of stderr is kept (its end).
    public var standardErrorLimit = 4096

    public init(command: CommandTemplate, timeout: Duration) throws(DialSetupError) {
        guard timeout > .zero else { throw .badTimeout(timeout) }
        self.command = command
        self.timeout = timeout
    }

    /// One run of the program: the outcome, and the pid it had (for tests and the log).
    public struct Run: Sendable {
        public var outcome: DialOutcome
        /// The program's pid, reaped by the time `run` returns; nil when it could not start.
        public var processID: Int32?
    }

    /// Starts the program. ETXTBSY (the file is open for writing somewhere: a script being
    /// replaced, or a child forked elsewhere in this process while it was written and not yet
    /// exec'd) passes within moments: tried again a few times, a moment apart.
    private static func start(_ arguments: [String]) -> Result<ChildProcess, Errno> {
        var attempt = 0
        while true {
            switch ChildProcess.start(arguments) {
            case .success(let child): return .success(child)
            case .failure(let error) where error.rawValue == ETXTBSY && attempt < 5:
                attempt += 1
                usleep(20_000)
            case .failure(let error): return .failure(error)
            }
        }
    }

    /// Runs the program for `number` and waits for it, at most `timeout` (then ends it).
    public func run(_ number: DialNumber, name: String = "") -> Run {
        let arguments = command.arguments(number: number, name: name)
        let via = command.program
        var child: ChildProcess
        switch Self.start(arguments) {
        case .success(let started): child = started
        case .failure(let error):
            let reason = "cannot run \(via): \(error)" + Self.hint(for: error, program: via)
            return Run(outcome: DialOutcome(.failed(reason: reason), via: via, number: number.dialString), processID: nil)
        }
        let pid = child.pid
        var tail = OutputTail(limit: standardErrorLimit)
        let deadline = Deadline(after: timeout)
        var timedOut = false
        while !child.hasEnded {
            if deadline.hasPassed {
                timedOut = true
                end(&child, tail: &tail)
                break
            }
            child.collectStandardError(into: &tail, waiting: step(deadline, child))
        }
        if timedOut {
            child.drainStandardError(into: &tail)
            _ = child.reap()
            let outcome = DialOutcome(.timedOut(after: timeout), via: via, number: number.dialString, detail: tail.text)
            return Run(outcome: outcome, processID: pid)
        }
        child.drainStandardError(into: &tail)
        let status = child.reap()
        let kind: DialOutcome.Kind
        if let status, t9dialExited(status) {
            let code = Int32(t9dialExitCode(status))
            kind = code == 0 ? .placed : .exited(status: code)
        } else if let status, t9dialSignalled(status) {
            kind = .signalled(Int32(t9dialSignal(status)))
        } else {
            kind = .failed(reason: "\(via) ended and its status was lost")
        }
        return Run(outcome: DialOutcome(kind, via: via, number: number.dialString, detail: tail.text), processID: pid)
    }

    /// SIGTERM to the program's group, SIGKILL after the grace if it is still there, then
    /// SIGKILL to whatever it left in its group. The leader stays unreaped (a zombie) until
    /// then, so the group's id cannot have been reused.
    private func end(_ child: inout ChildProcess, tail: inout OutputTail) {
        child.signal(SIGTERM)
        let grace = Deadline(after: terminationGrace)
        while !child.hasEnded, !grace.hasPassed {
            child.collectStandardError(into: &tail, waiting: step(grace, child))
        }
        child.signal(SIGKILL)
    }

    /// How long one wait may last: until `deadline`, as the program's end wakes it (pidfd);
    /// on a kernel without pidfd, `pollStep` at most, to look again whether it ended.
    private func step(_ deadline: Deadline, _ child: borrowing ChildProcess) -> Int32 {
        child.wakesWhenEnded ? deadline.millisecondsLeft : min(deadline.millisecondsLeft, Self.pollStep)
    }

    /// How often the wait looks whether the program ended, on a kernel without pidfd.
    private static let pollStep: Int32 = 10

    /// What to do about a program that cannot be started.
    private static func hint(for error: Errno, program: String) -> String {
        switch error.rawValue {
        case ENOENT:
            program.contains("/")
                ? "; check [dial] command: \(program) does not exist"
                : "; check [dial] command: \(program) is not in PATH (install it or give its full path)"
        case EACCES where program.contains("/") && ChildSyscalls.isDirectory(program):
            "; check [dial] command: \(program) is a directory, not a program"
        case EACCES: "; make it executable (chmod +x \(program)) or check its directory's permissions"
        case ENOEXEC: "; it is not a program: a script needs a #! line"
        default: ""
        }
    }
}

// The wait-status macros, through CLinux's helpers.
import CLinux

private func t9dialExited(_ status: Int32) -> Bool { t9dial_status_exited(status) != 0 }
private func t9dialExitCode(_ status: Int32) -> Int32 { t9dial_status_exit_code(status) }
private func t9dialSignalled(_ status: Int32) -> Bool { t9dial_status_signalled(status) != 0 }
private func t9dialSignal(_ status: Int32) -> Int32 { t9dial_status_signal(status) }
