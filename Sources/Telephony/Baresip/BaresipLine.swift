// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
import Glibc
public import InputEvents
import SystemCalls
public import struct SystemPackage.FileDescriptor
import TerminalText

/// Calls through a running baresip, over its `ctrl_tcp` socket on loopback (`[dial] method =
/// "baresip"`): commands `dial`, `accept`, `hangup`, `sndcode`, and the events of its calls and
/// its registration. baresip keeps the SIP account, the audio and the calls; t9dial follows the
/// one current call.
///
/// baresip takes one control client at a time and keeps no events for a client not there, so
/// the line connects at `start`, and again with a growing backoff whenever baresip is not
/// there or goes away. Connected and with no call under way, it has no deadline.
public final class BaresipLine: CallLine {
    public let methodName = "baresip"
    public let followsCalls = true
    public let isWorking = false
    /// Where baresip's `ctrl_tcp` listens.
    public let address: BaresipControlAddress

    /// The wait before the first attempt to connect again after a failure.
    public static let firstBackoff: Microseconds = 500_000
    /// The longest wait between attempts: the backoff doubles up to it.
    public static let maximumBackoff: Microseconds = 30_000_000
    /// How long a connection must have lasted for the backoff to start over when it is lost;
    /// a baresip that takes the connection and drops it at once (another client taking its
    /// place) is tried ever less often.
    public static let goodConnection: Microseconds = 10_000_000
    /// How long after `dial` baresip has to show the call (its first event names it) before
    /// the dial counts as failed.
    public static let dialTimeout: Microseconds = 10_000_000

    /// The connection, when there is one.
    private var socket: LoopbackSocket?
    private var decoder = NetstringDecoder()
    private var connectedAt: Microseconds = 0
    /// When to try connecting next, while not connected and started.
    private var nextAttempt: Microseconds?
    private var backoff = BaresipLine.firstBackoff
    /// Failed attempts in a row, so that only the first is logged as a warning.
    private var failedAttempts = 0
    private var started = false

    private var call = CallState.none
    /// Accounts whose registration failed, and baresip's reason.
    private var registrationFailures: [String: String] = [:]
    /// The problem last reported with `.problem`.
    private var reportedProblem: String?
    /// Commands sent and not answered yet, by token: their names, for the log.
    private var unanswered: [String: String] = [:]
    private var nextToken = 1

    /// The call the line follows.
    private enum CallState: Equatable {
        case none
        /// `dial` was sent; the call is the first outgoing one baresip names after it.
        case dialling(token: String, number: String, since: Microseconds)
        case current(id: String, direction: CallDirection, rang: Bool, connected: Bool)
    }

    /// A line to the baresip whose `ctrl_tcp` listens at `control` (`127.0.0.1:4444`); throws
    /// when it is not a loopback address.
    public convenience init(control: String) throws(BaresipAddressError) {
        self.init(address: try BaresipControlAddress(parsing: control))
    }

    public init(address: BaresipControlAddress) {
        self.address = address
    }

    // MARK: CallLine

    public var descriptors: [FileDescriptor] {
        guard let descriptor = socket?.descriptor else { return [] }
        return [descriptor]
    }

    public var nextDeadline: Microseconds? {
        guard started else { return nil }
        guard socket != nil else { return nextAttempt }
        if case .dialling(_, _, let since) = call { return since.addingSaturated(Self.dialTimeout) }
        return nil
    }

    public var problem: String? {
        guard socket != nil else { return "SIP not connected" }
        if let reason = registrationFailures.sorted(by: { $0.key < $1.key }).first?.value { return "SIP not registered: \(reason)" }
        return nil
    }

    public func start(at now: Microseconds) -> [LineEvent] {
        started = true
        var events: [LineEvent] = []
        connect(at: now, into: &events)
        return finish(events)
    }

    public func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        if let descriptor = socket?.descriptor, readable.contains(descriptor) { readAvailable(at: now, into: &events) }
        if started, socket == nil, let nextAttempt, nextAttempt <= now { connect(at: now, into: &events) }
        if case .dialling(_, let number, let since) = call, since.addingSaturated(Self.dialTimeout) <= now {
            call = .none
            events.append(.log(.warning, "baresip did not start the call to \(number) within \(Self.dialTimeout / 1_000_000) s; hanging up"))
            events.append(.ended(.failed("baresip did not start the call")))
            send(.hangUp, at: now, into: &events)
        }
        return finish(events)
    }

    public func dial(_ dialNumber: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] {
        let number = dialNumber.dialString
        var events: [LineEvent] = []
        guard socket != nil else {
            events.append(.log(.warning, "cannot dial: not connected to baresip at \(address)"))
            events.append(.ended(.failed("SIP not connected")))
            return finish(events)
        }
        guard call == .none else {
            events.append(.log(.warning, "cannot dial \(number): a call is under way"))
            events.append(.ended(.failed("another call is under way")))
            return finish(events)
        }
        let target: String
        switch BaresipDialTarget.prepare(number) {
        case .success(let prepared): target = prepared
        case .failure(let error):
            events.append(.ended(.failed(error.description)))
            return finish(events)
        }
        let token = send(.dial(target), at: now, into: &events)
        if let token, socket != nil {
            call = .dialling(token: token, number: target, since: now)
            events.append(.log(.info, "dialling \(target) through baresip"))
        } else {
            events.append(.ended(.failed("baresip went away")))
        }
        return finish(events)
    }

    public func answer(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        if case .current(_, .incoming, _, false) = call {
            send(.accept, at: now, into: &events)
        } else {
            events.append(.log(.notice, "nothing to answer: no call is ringing here"))
        }
        return finish(events)
    }

    public func hangUp(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        if call == .none {
            events.append(.log(.notice, "nothing to hang up: no call"))
        } else {
            // The call ends when baresip says so (CALL_CLOSED, "Connection reset by user").
            send(.hangUp, at: now, into: &events)
        }
        return finish(events)
    }

    public func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        guard case .current(_, _, _, true) = call else {
            events.append(.log(.notice, "tones \"\(tones)\" not sent: no call is connected"))
            return finish(events)
        }
        for tone in tones {
            guard BaresipDialTarget.tones.contains(tone) else {
                events.append(.log(.warning, "not a DTMF tone, not sent: \"\(tone.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\""))
                continue
            }
            // baresip queues the tones and plays each in turn.
            send(.sendCode(tone), at: now, into: &events)
            if socket == nil { break }
        }
        return finish(events)
    }

    public func stop() {
        started = false
        socket = nil
        decoder = NetstringDecoder()
        nextAttempt = nil
        call = .none
        unanswered = [:]
        registrationFailures = [:]
    }

    // MARK: The connection

    private func connect(at now: Microseconds, into events: inout [LineEvent]) {
        do {
            let connected = try LoopbackSocket(connectingTo: address)
            socket = consume connected
        } catch {
            failedAttempts += 1
            let wait = backoff
            nextAttempt = now.addingSaturated(wait)
            backoff = min(backoff * 2, Self.maximumBackoff)
            let level: LineLogLevel = failedAttempts == 1 ? .warning : .debug
            events.append(.log(level, Self.connectionAdvice(address: address, error: error) + "; trying again in \(Self.seconds(wait))"))
            return
        }
        decoder = NetstringDecoder()
        connectedAt = now
        nextAttempt = nil
        failedAttempts = 0
        events.append(.log(.info, "connected to baresip's ctrl_tcp at \(address)"))
        // Registration events sent while no client was there are lost: ask.
        send(.registrationInfo, at: now, into: &events)
    }

    /// Drops the connection, ends the call it carried, and schedules the next attempt.
    private func disconnect(_ reason: String, at now: Microseconds, into events: inout [LineEvent]) {
        socket = nil
        unanswered = [:]
        registrationFailures = [:]
        if now - connectedAt >= Self.goodConnection { backoff = Self.firstBackoff }
        let wait = backoff
        nextAttempt = now.addingSaturated(wait)
        backoff = min(backoff * 2, Self.maximumBackoff)
        failedAttempts = 0
        events.append(.log(.warning, "lost the connection to baresip at \(address): \(reason); trying again in \(Self.seconds(wait))"))
        if call != .none {
            call = .none
            events.append(.ended(.failed("baresip went away")))
        }
    }

    /// Sends `command`; on a write that fails or would block, drops the connection. The
    /// command's token, or nil when it was not sent.
    @discardableResult
    private func send(_ command: BaresipCommand, at now: Microseconds, into events: inout [LineEvent]) -> String? {
        guard let result = socket?.sendAll(command.encoded(token: "t9dial-\(nextToken)")) else { return nil }
        let token = "t9dial-\(nextToken)"
        nextToken += 1
        switch result {
        case .success:
            unanswered[token] = command.name
            return token
        case .failure(let error):
            let why = error.rawValue == EAGAIN ? "baresip is not reading its commands" : "cannot send \(command.name): \(error)"
            disconnect(why, at: now, into: &events)
            return nil
        }
    }

    private func readAvailable(at now: Microseconds, into events: inout [LineEvent]) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        // A bound per wake, so a flood cannot keep the loop here.
        for _ in 0..<64 {
            guard let received = buffer.withUnsafeMutableBytes({ bytes in socket?.receive(into: bytes) }) else { return }
            switch received {
            case .nothing: return
            case .closed:
                disconnect("baresip closed it", at: now, into: &events)
                return
            case .failed(let error):
                disconnect("\(error)", at: now, into: &events)
                return
            case .bytes(let count):
                for payload in decoder.feed(buffer[..<count]) { handle(payload, at: now, into: &events) }
                if let failure = decoder.failure {
                    disconnect("\(failure)", at: now, into: &events)
                    return
                }
            }
        }
    }

    // MARK: Messages

    private func handle(_ payload: [UInt8], at now: Microseconds, into events: inout [LineEvent]) {
        switch BaresipMessage.parse(payload) {
        case .failure(let error):
            events.append(.log(.warning, "skipped \(error)"))
        case .success(.response(let response)):
            handle(response, into: &events)
        case .success(.event(let event)):
            handle(event, into: &events)
        }
    }

    private func handle(_ response: BaresipResponse, into events: inout [LineEvent]) {
        let command = response.token.flatMap { unanswered.removeValue(forKey: $0) }
        if command == "reginfo" {
            if response.ok { readRegistrationInfo(response.data) }
            return
        }
        guard !response.ok else { return }
        let text = response.data.trimmingBlanks()
        events.append(.log(.warning, "baresip refused \(command ?? "a command"): \(text.isEmpty ? "no reason given" : text)"))
        if case .dialling(let token, _, _) = call, token == response.token {
            call = .none
            events.append(.ended(.failed(text.isEmpty ? "baresip refused the call" : text)))
        }
    }

    /// Reads `reginfo`'s answer, a line per account: `> sip:user@host  OK  Expires 3600s`, with
    /// `ERR` when its registration failed and nothing when it does not register.
    private func readRegistrationInfo(_ data: String) {
        for line in data.split(whereSeparator: \.isNewline) where line.hasPrefix(">") {
            let words = line.dropFirst().split(separator: " ").map { Self.withoutTerminalEscapes(String($0)) }
            guard let account = words.first else { continue }
            if words.dropFirst().contains("ERR") {
                registrationFailures[account] = registrationFailures[account] ?? "registration failed"
            } else {
                registrationFailures[account] = nil
            }
        }
    }

    private func handle(_ event: BaresipEvent, into events: inout [LineEvent]) {
        switch event.type {
        case "REGISTER_OK":
            registrationFailures[event.accountAOR ?? ""] = nil
            return
        case "REGISTER_FAIL":
            let reason = event.param?.trimmingBlanks() ?? ""
            registrationFailures[event.accountAOR ?? ""] = reason.isEmpty ? "no reason given" : reason
            events.append(.log(.warning, "baresip could not register \(event.accountAOR ?? "its account"): \(reason)"))
            return
        default: break
        }
        guard event.eventClass == "call", let id = event.callID else { return }
        switch call {
        case .none:
            guard event.type == "CALL_INCOMING" else {
                events.append(.log(.debug, "baresip's \(event.type) of a call t9dial does not follow (\(id))"))
                return
            }
            call = .current(id: id, direction: .incoming, rang: true, connected: false)
            let number = Self.userPart(event.peerURI ?? "")
            let name = event.peerDisplayName.flatMap { $0.trimmingBlanks().isEmpty ? nil : $0 }
            events.append(.log(.info, "incoming call from \(event.peerURI ?? "an unknown number")"))
            events.append(.incoming(number: number, name: name))
        case .dialling:
            guard event.isOutgoing else {
                if event.type == "CALL_INCOMING" { logTurnedAway(event, into: &events) }
                return
            }
            call = .current(id: id, direction: .outgoing, rang: false, connected: false)
            follow(event, into: &events)
        case .current(let current, _, _, _):
            if id == current {
                follow(event, into: &events)
            } else if event.type == "CALL_INCOMING" {
                logTurnedAway(event, into: &events)
            }
        }
    }

    /// Turns an event of the current call into what the dialer hears.
    private func follow(_ event: BaresipEvent, into events: inout [LineEvent]) {
        guard case .current(let id, let direction, let rang, let connected) = call else { return }
        switch event.type {
        case "CALL_RINGING", "CALL_PROGRESS":
            guard direction == .outgoing, !rang, !connected else { return }
            call = .current(id: id, direction: direction, rang: true, connected: false)
            events.append(.ringing)
        case "CALL_ESTABLISHED":
            guard !connected else { return }
            call = .current(id: id, direction: direction, rang: rang, connected: true)
            events.append(.connected)
        case "CALL_CLOSED":
            call = .none
            let param = event.param ?? ""
            events.append(.log(.info, "call \(direction == .outgoing ? "to" : "from") \(event.peerURI ?? "?") closed: \(param)"))
            events.append(.ended(CallEnd(baresipClosedParam: param)))
        default: break
        }
    }

    private func logTurnedAway(_ event: BaresipEvent, into events: inout [LineEvent]) {
        events.append(
            .log(
                .warning,
                "a second call from \(event.peerURI ?? "an unknown number") rings in baresip during a call; set call_max_calls 1 "
                    + "in baresip's config so that baresip answers it busy"))
    }

    // MARK: Reporting

    /// `events`, with a `.problem` event when the problem changed.
    private func finish(_ events: [LineEvent]) -> [LineEvent] {
        let current = started ? problem : nil
        guard current != reportedProblem else { return events }
        reportedProblem = current
        return events + [.problem(current)]
    }

    /// What to check when baresip cannot be reached.
    static func connectionAdvice(address: BaresipControlAddress, error: Errno) -> String {
        let what = error.rawValue == ECONNREFUSED ? "nothing listens there (connection refused)" : error.description
        return "cannot connect to baresip's ctrl_tcp at \(address): \(what); check that baresip runs and that its config has "
            + "module_app ctrl_tcp.so, module_app menu.so and ctrl_tcp_listen \(address)"
    }

    /// The user part of a SIP URI, as the number of an incoming call: "sip:+4412@host" gives
    /// "+4412"; a URI with no user part gives "".
    static func userPart(_ uri: String) -> String {
        var rest = Substring(uri.trimmingBlanks())
        if rest.hasPrefix("<"), rest.hasSuffix(">") { rest = rest.dropFirst().dropLast() }
        for scheme in ["sips:", "sip:", "tel:"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            break
        }
        guard let at = rest.firstIndex(of: "@") else {
            // tel:+4412, or a bare host: only a number is a number.
            let number = rest.prefix { $0 != ";" && $0 != ">" }
            return number.contains(where: \.isLetter) && !number.hasPrefix("+") ? "" : String(number)
        }
        let user = rest[..<at]
        return String(user.prefix { $0 != ";" && $0 != ":" })
    }

    private static func withoutTerminalEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func seconds(_ time: Microseconds) -> String {
        time % 1_000_000 == 0 ? "\(time / 1_000_000) s" : "\(Double(time) / 1_000_000) s"
    }
}
