// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Glibc
public import InputEvents
import SystemCalls
public import struct SystemPackage.FileDescriptor

/// The `modem` method as a `CallLine`: an AT modem's serial port, open while the line runs,
/// read and written without waiting, with `ModemCallTracker` deciding what the lines mean and
/// what to send.
///
/// A port that cannot be opened, or that goes away (a USB modem unplugged: a read or write
/// error, or the end of the port), is the line's `problem`, naming the device and what to do;
/// the line opens it again after `Backoff.first`, doubling the wait after each failure up to
/// `Backoff.longest`. A call under way when the port goes is over (`.failed`). So is a modem
/// that stops answering its commands (`ModemCallTracker.isSilent`): it may have hung, or the
/// port may not be its AT port, and opening the port again sets it up anew. Another program
/// holding the port is a problem of the same kind (`ModemPort` says who), tried again later.
public final class ModemCallLine: CallLine {
    /// How long the line waits before opening the port again.
    public typealias Backoff = LineBackoff

    public let methodName = "modem"
    public let followsCalls = true
    public let isWorking = false
    public let device: String
    public let baud: ModemBaud
    public let backoff: Backoff
    public private(set) var problem: String?

    private var port: ModemPort?
    var tracker: ModemCallTracker
    private var reader = ModemLineReader()
    /// Commands (with their CR) the port has not taken yet.
    private var unwritten: [UInt8] = []
    /// When to try `unwritten` again, after a write that would have blocked.
    private var writeRetry: Microseconds?
    /// When to open the port again; nil while it is open or the line is stopped.
    private var reopenAt: Microseconds?
    /// The wait after the next failure to open.
    private var nextWait: Microseconds
    /// The port was last closed because the modem did not answer: its problem stays until the
    /// modem answers again.
    private var stoppedAnswering = false

    /// How much one wake reads at the most: a port that floods the line leaves the rest to
    /// the next turn of the loop.
    static let readLimit = 16 * 1024
    /// How soon a write that would have blocked is tried again.
    static let writeRetryDelay: Microseconds = 10_000
    /// The most of commands the line holds for a port that takes nothing: the tracker sends
    /// one at a time, so more is a port that is stuck.
    static let unwrittenLimit = 1024

    public init(device: String, baud: ModemBaud = .standard, timing: ModemCallTracker.Timing = .init(), backoff: Backoff = .init()) {
        self.device = device
        self.baud = baud
        self.backoff = backoff
        self.tracker = ModemCallTracker(timing: timing, callWaiting: true)
        self.nextWait = backoff.first
    }

    public var descriptors: [FileDescriptor] {
        guard let descriptor = port?.descriptor else { return [] }
        return [descriptor]
    }

    public var nextDeadline: Microseconds? {
        guard port != nil else { return reopenAt }
        return [tracker.nextDeadline, unwritten.isEmpty ? nil : writeRetry].compactMap { $0 }.min()
    }

    public func start(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        open(now, &events)
        return events
    }

    public func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        guard let descriptor = port?.descriptor else {
            if let reopenAt, now >= reopenAt { open(now, &events) }
            return events
        }
        if readable.contains(descriptor) { read(now, &events) }
        if port != nil { take(tracker.advance(to: now), now, &events) }
        return events
    }

    public func dial(_ number: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] {
        guard port != nil else { return [.ended(.failed(problem ?? "the modem's port \(device) is not open"))] }
        var events: [LineEvent] = []
        take(tracker.dial(number, at: now), now, &events)
        return events
    }

    public func answer(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        take(tracker.answer(at: now), now, &events)
        return events
    }

    public func hangUp(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        take(tracker.hangUp(at: now), now, &events)
        return events
    }

    public func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        take(tracker.sendTones(tones, at: now), now, &events)
        return events
    }

    /// Asks `AT+CSQ` and `AT+COPS?`, at most once a minute and not during a call.
    public func askLineState(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        take(tracker.askLineState(at: now), now, &events)
        return events
    }

    public func stop() {
        port = nil
        tracker = ModemCallTracker(timing: tracker.timing, callWaiting: true)
        unwritten = []
        writeRetry = nil
        reopenAt = nil
    }

    // MARK: The port

    /// Opens the port, or says why not and when it is tried again.
    private func open(_ now: Microseconds, _ events: inout [LineEvent]) {
        do {
            port = try ModemPort(device: device, baud: baud)
        } catch {
            reopenAt = now.addingSaturated(nextWait)
            events.append(.log(.warning, "modem: \(error); trying again in \(ModemCallTracker.seconds(nextWait))"))
            nextWait = min(nextWait.addingSaturated(nextWait), backoff.longest)
            setProblem(error.description, &events)
            return
        }
        reopenAt = nil
        nextWait = backoff.first
        reader = ModemLineReader()
        unwritten = []
        writeRetry = nil
        events.append(.log(.info, "modem: \(device) open at \(baud)"))
        // A modem that did not answer is still the problem until it answers.
        if problem == nil || !stoppedAnswering { setProblem(nil, &events) }
        take(tracker.start(at: now), now, &events)
    }

    /// The port failed: closes it, ends the call it carried, and opens it again later.
    private func lose(_ error: ModemError, _ now: Microseconds, _ events: inout [LineEvent]) {
        port = nil
        unwritten = []
        writeRetry = nil
        stoppedAnswering = error.operation == .answer
        let reason = stoppedAnswering ? "the modem stopped answering" : "the modem went away"
        events.append(contentsOf: tracker.portClosed(reason: reason).events)
        reopenAt = now.addingSaturated(nextWait)
        events.append(.log(.error, "modem: \(error); trying again in \(ModemCallTracker.seconds(nextWait))"))
        nextWait = min(nextWait.addingSaturated(nextWait), backoff.longest)
        setProblem(error.description, &events)
    }

    /// Reads what the port has now, and hands its lines to the tracker.
    private func read(_ now: Microseconds, _ events: inout [LineEvent]) {
        let bytes: [UInt8]
        do {
            guard let read = try port?.readAvailable(limit: Self.readLimit) else {
                // The end of a tty: it hung up, as a USB modem does when it is unplugged.
                lose(ModemError(device: device, operation: .read, errno: Errno(EIO)), now, &events)
                return
            }
            bytes = read
        } catch {
            lose(error, now, &events)
            return
        }
        for item in reader.append(bytes) {
            switch item {
            case .line(let line):
                take(tracker.receive(line, at: now), now, &events)
            case .overlong(let count):
                events.append(.log(.warning, "modem: dropped a line of \(count) bytes from \(device): longer than \(reader.limit)"))
            }
            guard port != nil else { return }
        }
    }

    /// Passes on a step's events, and writes its commands.
    func take(_ step: ModemCallTracker.Step, _ now: Microseconds, _ events: inout [LineEvent]) {
        events.append(contentsOf: step.events)
        if step.abortsCallSetup {
            events.append(.log(.debug, "modem: > (a CR, to abort)"))
            unwritten.append(13)
        }
        for command in step.commands {
            events.append(.log(.debug, "modem: > \(command)"))
            unwritten.append(contentsOf: Array((command + "\r").utf8))
        }
        if port != nil, tracker.isSilent {
            lose(ModemError(device: device, operation: .answer, errno: Errno(ETIMEDOUT)), now, &events)
            return
        }
        if stoppedAnswering, tracker.hasAnswered {
            stoppedAnswering = false
            setProblem(nil, &events)
        }
        if unwritten.count > Self.unwrittenLimit {
            events.append(.log(.warning, "modem: \(device) takes no commands; dropped \(unwritten.count) bytes of them"))
            unwritten = []
        }
        write(now, &events)
    }

    /// Writes what the port takes now; what it does not is tried again shortly.
    private func write(_ now: Microseconds, _ events: inout [LineEvent]) {
        writeRetry = nil
        while !unwritten.isEmpty, port != nil {
            let count: Int
            do {
                count = try port?.writeAvailable(unwritten[...]) ?? 0
            } catch {
                lose(error, now, &events)
                return
            }
            guard count > 0 else {
                writeRetry = now.addingSaturated(Self.writeRetryDelay)
                return
            }
            unwritten.removeFirst(count)
        }
    }

    private func setProblem(_ problem: String?, _ events: inout [LineEvent]) {
        guard problem != self.problem else { return }
        self.problem = problem
        events.append(.problem(problem))
    }
}
