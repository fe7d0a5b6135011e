// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerConfig
public import DialerEngine
import Dialing
public import Telephony
public import struct SystemPackage.FileDescriptor

/// Places the calls the dialer asks for with the configured `[dial]` method, on a thread of its
/// own, so the event loop keeps reading keys while a program runs or a modem thinks.
///
/// One dial runs at a time: a second `#` while the first is still dialling fails at once with
/// that reason (two dials on one modem would garble both). Hang-ups run the same way. The loop
/// polls `descriptors` and calls `collect()` when one is readable.
///
/// A method that follows its calls (baresip, AT modems) is a `CallLine` instead, which the
/// placer only carries (`line`): the driver dials, answers and hangs up through it, and takes
/// in what it reports as a source of the loop.
public final class CallPlacer {
    /// What finished since the last `collect()`.
    public enum Finished {
        case dial(DialRequest, DialOutcome)
        case hangUp(DialRequest, DialOutcome)
    }

    /// The method's name in the config: "print", "exec" or "modem".
    public let methodName: String
    private let method: any DialMethod
    /// What ends a call; nil when the method has no way to (print, exec without hangup_command).
    private let hangUpMethod: (any DialMethod)?
    private var dialling: RunningCall?
    private var hangingUp: RunningCall?
    /// The line that follows calls, for the methods that do; nil for those that launch.
    public let line: (any CallLine)?

    /// The method the settings name, checked now so a bad one is reported at start.
    public convenience init(settings: DialSettings) throws(DialerError) {
        let timeout = Duration.seconds(settings.timeoutSeconds)
        do throws(DialSetupError) {
            switch settings.method {
            case .print:
                self.init(methodName: "print", method: PrintDialer(), hangUpMethod: nil)
            case .exec:
                let hangUp =
                    settings.hangUpCommand.isEmpty
                    ? nil : try ExecDialer(command: CommandTemplate(settings.hangUpCommand), timeout: timeout)
                self.init(
                    methodName: "exec", method: try ExecDialer(command: CommandTemplate(settings.command), timeout: timeout),
                    hangUpMethod: hangUp)
            case .modem:
                let line = ModemCallLine(device: settings.device ?? "", baud: try ModemBaud(settings.baud))
                self.init(methodName: "modem", method: PrintDialer(), hangUpMethod: nil, line: line)
            case .modemmanager:
                if let problem = ModemManagerLine.libraryProblem { throw .lineUnavailable(problem) }
                self.init(methodName: "modemmanager", method: PrintDialer(), hangUpMethod: nil, line: ModemManagerLine(modem: settings.modem))
            case .baresip:
                do {
                    self.init(methodName: "baresip", method: PrintDialer(), hangUpMethod: nil, line: try BaresipLine(control: settings.control))
                } catch {
                    throw .badControlAddress(error.description)
                }
            }
        } catch {
            throw .dialMethod(error)
        }
    }

    /// Only prints: for replays, which are not the user calling anyone.
    public static func printing() -> CallPlacer {
        CallPlacer(methodName: DialSettings.Method.print.rawValue, method: PrintDialer(), hangUpMethod: nil)
    }

    /// Calls made and followed through `line`.
    public static func following(_ line: any CallLine) -> CallPlacer {
        CallPlacer(methodName: line.methodName, method: PrintDialer(), hangUpMethod: nil, line: line)
    }

    private init(methodName: String, method: any DialMethod, hangUpMethod: (any DialMethod)?, line: (any CallLine)? = nil) {
        self.methodName = methodName
        self.method = method
        self.hangUpMethod = hangUpMethod
        self.line = line
    }

    /// Whether the method only prints: its dials finish at once on this thread, with no thread
    /// or descriptor, and are already on standard output.
    public var onlyPrints: Bool { line == nil && method is PrintDialer }

    /// Starts dialling `request`. Returns the outcome when it is known at once (the print
    /// method, a number with nothing to dial, another dial still running); nil when the dial
    /// runs on, to be `collect`ed when a descriptor is readable.
    public func start(_ request: DialRequest) -> DialOutcome? {
        let number: DialNumber
        do {
            number = try DialNumber(request.number)
        } catch {
            return DialOutcome(.failed(reason: error.description), via: methodName, number: request.number)
        }
        if onlyPrints { return method.dial(number, name: request.name ?? "") }
        guard dialling == nil else {
            return DialOutcome(
                .failed(reason: "another call is still being dialled; wait for it to finish"), via: methodName,
                number: number.dialString)
        }
        do {
            dialling = RunningCall(request: request, job: try BackgroundDial(method, number: number, name: request.name ?? ""))
            return nil
        } catch {
            return DialOutcome(.failed(reason: "cannot start the dial: \(error)"), via: methodName, number: number.dialString)
        }
    }

    /// Ends the call to `request`: `ATH` on a modem, `hangup_command` for exec. Returns a line
    /// for the log when there is nothing to run (print, no hangup_command), else nil: the
    /// outcome comes through `collect()`.
    public func hangUp(_ request: DialRequest) -> String? {
        guard let hangUpMethod else {
            return onlyPrints ? nil : "hang-up: [dial] has no hangup_command, so the call to \(request.number) goes on; set hangup_command to end calls"
        }
        guard hangingUp == nil else { return "hang-up: the last hang-up is still running" }
        guard let number = try? DialNumber(request.number) else { return "hang-up: \(request.number) was never dialled" }
        do {
            hangingUp = RunningCall(request: request, job: try BackgroundDial(hangUpMethod, number: number, name: request.name ?? ""))
            return nil
        } catch {
            return "hang-up: cannot start: \(error)"
        }
    }

    /// The descriptors of what is running, to poll for input.
    public var descriptors: [FileDescriptor] {
        [dialling?.job.readinessDescriptor, hangingUp?.job.readinessDescriptor].compactMap { $0 }
    }

    /// Whether a dial or hang-up is still running.
    public var isBusy: Bool { dialling != nil || hangingUp != nil }

    /// The dials and hang-ups that have finished; does not block.
    public func collect() -> [Finished] {
        var finished: [Finished] = []
        if let outcome = dialling?.job.outcome(), let call = dialling.take() {
            finished.append(.dial(call.request, outcome))
        }
        if let outcome = hangingUp?.job.outcome(), let call = hangingUp.take() {
            finished.append(.hangUp(call.request, outcome))
        }
        return finished
    }

    /// Waits until nothing runs any more, and gives what finished: for a one-shot run that
    /// must not end with a dial still under way.
    public func waitForAll() -> [Finished] {
        var finished: [Finished] = []
        if let call = dialling.take() { finished.append(.dial(call.request, call.job.waitForOutcome())) }
        if let call = hangingUp.take() { finished.append(.hangUp(call.request, call.job.waitForOutcome())) }
        return finished
    }
}

/// A dial or hang-up under way, and the request it is for.
private struct RunningCall: ~Copyable {
    let request: DialRequest
    let job: BackgroundDial
}
