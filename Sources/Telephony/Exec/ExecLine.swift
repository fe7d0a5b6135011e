// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// The `exec` method: each call is placed by running a program with the number
/// (`ExecProgram`, never through a shell), on a thread of its own (`BackgroundRun`), so the
/// loop keeps reading keys while it runs; its end wakes the loop through `descriptors`. What
/// came of it is the one `.launched` event: the call is not followed. The hang-up key runs
/// `hangup_command` the same way, when the config has one.
///
/// One dial runs at a time: a second while the first still runs fails at once with that
/// reason (two programs dialling one modem would garble both). Hang-ups run the same way.
public final class ExecLine: CallLine {
    public let methodName = "exec"
    public let followsCalls = false
    public let problem: String? = nil
    public let nextDeadline: Microseconds? = nil

    private let program: ExecProgram
    /// What ends a call; nil when the config has no `hangup_command`.
    private let hangUpProgram: ExecProgram?
    private var dialling: BackgroundRun?
    private var hangingUp: BackgroundRun?
    /// The last number dialled, for its hang-up.
    private var lastDialled: (number: DialNumber, name: String?)?

    /// The method the settings name, checked now so a bad one is reported at start.
    public init(command: [String], hangUpCommand: [String], timeoutSeconds: Int) throws(DialSetupError) {
        let timeout = Duration.seconds(timeoutSeconds)
        program = try ExecProgram(command: CommandTemplate(command), timeout: timeout)
        hangUpProgram = hangUpCommand.isEmpty ? nil : try ExecProgram(command: CommandTemplate(hangUpCommand), timeout: timeout)
    }

    public var descriptors: [FileDescriptor] {
        [dialling?.readinessDescriptor, hangingUp?.readinessDescriptor].compactMap { $0 }
    }

    public var isWorking: Bool { dialling != nil || hangingUp != nil }

    public func start(at now: Microseconds) -> [LineEvent] { [] }

    /// Takes in the dial and the hang-up that are over; does not block.
    public func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        if let outcome = dialling?.outcome() {
            dialling = nil
            events.append(.launched(outcome))
        }
        if let outcome = hangingUp?.outcome() {
            hangingUp = nil
            events.append(
                outcome.isPlaced
                    ? .log(.info, "hung up the call to \(outcome.number) via \(outcome.via)") : .log(.error, "hang-up: \(outcome.logMessage)"))
        }
        return events
    }

    public func dial(_ number: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] {
        guard dialling == nil else {
            return [
                .launched(
                    DialOutcome(.failed(reason: "another call is still being dialled; wait for it to finish"), via: methodName, number: number.dialString))
            ]
        }
        do {
            dialling = try BackgroundRun(program, number: number, name: name ?? "")
            lastDialled = (number, name)
            return []
        } catch {
            return [.launched(DialOutcome(.failed(reason: "cannot start the dial: \(error)"), via: methodName, number: number.dialString))]
        }
    }

    /// A launched call rings nowhere t9dial can see: nothing to answer.
    public func answer(at now: Microseconds) -> [LineEvent] { [] }

    /// Runs `hangup_command` for the last number dialled; says so when there is none.
    public func hangUp(at now: Microseconds) -> [LineEvent] {
        guard let (number, name) = lastDialled else { return [.log(.info, "hang-up: nothing was dialled")] }
        guard let hangUpProgram else {
            return [.log(.warning, "hang-up: [dial] has no hangup_command, so the call to \(number.dialString) goes on; set hangup_command to end calls")]
        }
        guard hangingUp == nil else { return [.log(.warning, "hang-up: the last hang-up is still running")] }
        do {
            hangingUp = try BackgroundRun(hangUpProgram, number: number, name: name ?? "")
            return []
        } catch {
            return [.log(.error, "hang-up: cannot start: \(error)")]
        }
    }

    /// A launched call is not followed: no tones go through it.
    public func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] { [] }
    /// A launched call is not followed: nothing can be done to it.
    public func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] { [.notOnThisLine(control)] }

    /// Lets the programs still running go: each ends within its time-out, and nobody is told.
    public func stop() {
        dialling = nil
        hangingUp = nil
    }
}
