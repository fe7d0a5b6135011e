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
/// current call and a second one, waiting or held (`BaresipLine+Control.swift`: `callfind`,
/// `hold`, `resume`, `mute`).
///
/// baresip takes one control client at a time, a new one taking the connection from the one
/// before, and keeps no events for a client not there. So the line connects at `start`, and
/// again with a growing backoff whenever baresip is not there or goes away; before each
/// attempt it reads the kernel's socket table, and while another client (another t9dial, a
/// script) holds the connection it says so and waits for it to let go, rather than take it.
/// On every connect it asks baresip for its calls (`listcalls`), so a call that rang before
/// shows. Connecting never waits: it is started, and looked at again on the next wake.
/// Connected and with no call under way, it has no deadline.
public final class BaresipLine: CallLine {
    public let methodName = "baresip"
    public let followsCalls = true
    public let isWorking = false
    /// An answer or a hang-up not done yet, or a tone baresip has not taken.
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
    /// How long baresip has to do what it was asked of the call (connect it after `accept`,
    /// close it after `hangup`, take a tone) before t9dial gives up on its word: an answer or
    /// a hang-up not done ends the call here, so the keypad is free again; tones not taken
    /// are dropped, and the screen says so while the call goes on.
    public static let requestTimeout: Microseconds = 5_000_000
    /// How long a connection may take before it counts as failed: a listener takes it at once,
    /// or refuses it at once; only one whose queue is full keeps it waiting.
    public static let connectTimeout: Microseconds = 2_000_000
    /// The first wait before looking again at a connection not made yet; it doubles.
    static let firstConnectCheck: Microseconds = 10_000
    /// The most accounts whose failed registration the line keeps: enough for any baresip's
    /// accounts file, and a bound on what a peer naming ever new accounts can make it hold.
    public static let maximumRegistrationFailures = 64
    /// What the line's `problem` says while another client holds baresip's control connection.
    public static let heldElsewhereProblem = "another program has baresip's control connection"
    /// The notice while baresip has not taken a call's tones in time.
    public static let tonesNotTakenProblem = "tones not sent: baresip did not take them"

    /// The connection, when there is one (being made while `connecting` is set).
    private var socket: LoopbackSocket?
    /// While the connection is being made: when it started, and when to look at it next.
    private var connecting: (since: Microseconds, check: Microseconds, wait: Microseconds)?
    /// Another client holds baresip's control connection: the line waits for it to let go.
    private var heldElsewhere = false
    /// baresip did not take the tones of this call in time: the screen says so until it takes
    /// one again or the call ends.
    private var tonesNotTaken = false
    /// The kernel's TCP sockets, read before each attempt to connect (a test sets its own).
    var socketTable: () -> [TCPSocketEntry]? = TCPSocketEntry.readKernelTables
    private var decoder = NetstringDecoder()
    private var connectedAt: Microseconds = 0
    /// When to try connecting next, while not connected and started.
    private var nextAttempt: Microseconds?
    private var backoff = BaresipLine.firstBackoff
    /// Failed attempts in a row, so that only the first is logged as a warning.
    private var failedAttempts = 0
    private var started = false

    var call = CallState.none
    /// The second call baresip has during the current one: ringing here (call waiting), or
    /// answered and held. Its Call-ID, its direction, and whether it was answered.
    var second: (id: String, direction: CallDirection, connected: Bool)?
    /// The calls held here, by Call-ID.
    var heldCalls: Set<String> = []
    /// The calls muted here, by Call-ID.
    var mutedCalls: Set<String> = []
    /// The commands of call control not answered yet, by token, and the Call-ID of the call
    /// each acts on.
    var controlRequests: [String: String] = [:]
    /// What the line asked baresip to do to the current call, and since when: baresip has
    /// `requestTimeout` to do it.
    private var awaiting: (request: BaresipCommand, since: Microseconds)?
    /// Accounts whose registration failed, and baresip's reason; at most
    /// `maximumRegistrationFailures`.
    private var registrationFailures: [String: String] = [:]
    /// Whether every account was registered when the line last said (`.lineState`); nil
    /// before it knew, or once the connection is gone.
    private var reportedRegistered: Bool?
    /// The problem last reported with `.problem`.
    private var reportedProblem: String?
    /// Commands sent and not answered yet, by token: their names, for the log, and when they
    /// were sent (a tone not taken in time ends the call).
    private var unanswered: [String: (name: String, sent: Microseconds)] = [:]
    private var nextToken = 1

    /// How many accounts' failed registrations the line holds.
    var registrationFailureCount: Int { registrationFailures.count }

    /// The call the line follows.
    enum CallState: Equatable {
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
        if let connecting { return connecting.check }
        guard socket != nil else { return nextAttempt }
        var deadlines: [Microseconds] = []
        if case .dialling(_, _, let since) = call { deadlines.append(since.addingSaturated(Self.dialTimeout)) }
        if let awaiting { deadlines.append(awaiting.since.addingSaturated(Self.requestTimeout)) }
        if let tone = oldestTone { deadlines.append(tone.addingSaturated(Self.requestTimeout)) }
        return deadlines.min()
    }

    public var problem: String? {
        if heldElsewhere { return Self.heldElsewhereProblem }
        guard socket != nil, connecting == nil else { return "SIP not connected" }
        if tonesNotTaken { return Self.tonesNotTakenProblem }
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
        if connecting != nil {
            continueConnecting(at: now, into: &events)
        } else if let descriptor = socket?.descriptor, readable.contains(descriptor) {
            readAvailable(at: now, into: &events)
        }
        if started, socket == nil, let nextAttempt, nextAttempt <= now { connect(at: now, into: &events) }
        if case .dialling(_, let number, let since) = call, since.addingSaturated(Self.dialTimeout) <= now {
            call = .none
            events.append(.log(.warning, "baresip did not start the call to \(number) within \(Self.seconds(Self.dialTimeout)); hanging up"))
            events.append(.ended(.failed("baresip did not start the call")))
            send(.hangUp, at: now, into: &events)
        }
        if let awaiting, awaiting.since.addingSaturated(Self.requestTimeout) <= now {
            let what = awaiting.request == .accept ? "answer" : "end"
            let reason = "baresip did not \(what) the call within \(Self.seconds(Self.requestTimeout))"
            giveUp(reason, hangingUp: awaiting.request != .hangUp, at: now, into: &events)
        }
        if let tone = oldestTone, tone.addingSaturated(Self.requestTimeout) <= now {
            // A tone is not worth the call: the call goes on, and the screen says the tones
            // may not have reached the far end until a tone is taken again or the call ends.
            unanswered = unanswered.filter { $0.value.name != "sndcode" }
            tonesNotTaken = true
            events.append(.log(.warning, "baresip did not take the tones within \(Self.seconds(Self.requestTimeout)); the call goes on"))
        }
        return finish(events)
    }

    public func dial(_ dialNumber: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] {
        let number = dialNumber.dialString
        var events: [LineEvent] = []
        guard socket != nil, connecting == nil else {
            let why = heldElsewhere ? Self.heldElsewhereProblem : "not connected to baresip at \(address)"
            events.append(.log(.warning, "cannot dial: \(why)"))
            events.append(.ended(.failed(heldElsewhere ? Self.heldElsewhereProblem : "SIP not connected")))
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
        if case .current(let id, .incoming, _, false) = call {
            selectCurrent(id, at: now, into: &events)
            if send(.accept, at: now, into: &events) != nil, awaiting == nil { awaiting = (.accept, now) }
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
            // The call ends when baresip says so (CALL_CLOSED, "Connection reset by user"),
            // or at the request's deadline.
            if case .current(let id, _, _, _) = call { selectCurrent(id, at: now, into: &events) }
            if send(.hangUp, at: now, into: &events) != nil, awaiting?.request != .hangUp { awaiting = (.hangUp, now) }
        }
        return finish(events)
    }

    public func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        guard case .current(let id, _, _, true) = call else {
            events.append(.log(.notice, "tones \"\(tones)\" not sent: no call is connected"))
            return finish(events)
        }
        selectCurrent(id, at: now, into: &events)
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
        connecting = nil
        heldElsewhere = false
        decoder = NetstringDecoder()
        nextAttempt = nil
        call = .none
        awaiting = nil
        unanswered = [:]
        tonesNotTaken = false
        registrationFailures = [:]
        second = nil
        heldCalls = []
        mutedCalls = []
        controlRequests = [:]
    }

    // MARK: The connection

    /// Starts a connection, unless another client holds baresip's: then the line says so and
    /// looks again after its backoff.
    private func connect(at now: Microseconds, into events: inout [LineEvent]) {
        if let holder = otherClient() {
            if !heldElsewhere {
                events.append(
                    .log(
                        .warning,
                        "another program (connected from port \(holder)) has baresip's control connection at \(address): t9dial does not "
                            + "take it (baresip takes one client at a time), and connects once it is free; stop the other t9dial, "
                            + "or the script using ctrl_tcp"))
            }
            heldElsewhere = true
            scheduleAttempt(at: now)
            return
        }
        if heldElsewhere { events.append(.log(.info, "baresip's control connection at \(address) is free again")) }
        heldElsewhere = false
        do {
            let started = try LoopbackSocket(connectingTo: address)
            socket = consume started
        } catch {
            connectionFailed(error, at: now, into: &events)
            return
        }
        connecting = (since: now, check: now.addingSaturated(Self.firstConnectCheck), wait: Self.firstConnectCheck)
        continueConnecting(at: now, into: &events)
    }

    /// Looks, without waiting, whether the connection under way is made.
    private func continueConnecting(at now: Microseconds, into events: inout [LineEvent]) {
        guard let under = connecting, let state = socket?.connectionState() else { return }
        switch state {
        case .connected: break
        case .inProgress:
            guard now - under.since < Self.connectTimeout else {
                connectionFailed(Errno(ETIMEDOUT), at: now, into: &events)
                return
            }
            let wait = min(under.wait * 2, Self.connectTimeout)
            connecting = (since: under.since, check: now.addingSaturated(under.wait), wait: wait)
            return
        case .failed(let error):
            connectionFailed(error, at: now, into: &events)
            return
        }
        connecting = nil
        decoder = NetstringDecoder()
        connectedAt = now
        nextAttempt = nil
        failedAttempts = 0
        events.append(.log(.info, "connected to baresip's ctrl_tcp at \(address)"))
        // Registration events and calls that came while no client was there are lost: ask.
        send(.registrationInfo, at: now, into: &events)
        send(.listCalls, at: now, into: &events)
    }

    private func connectionFailed(_ error: Errno, at now: Microseconds, into events: inout [LineEvent]) {
        socket = nil
        connecting = nil
        failedAttempts += 1
        let wait = scheduleAttempt(at: now)
        let level: LineLogLevel = failedAttempts == 1 ? .warning : .debug
        events.append(.log(level, Self.connectionAdvice(address: address, error: error) + "; trying again in \(Self.seconds(wait))"))
    }

    /// Sets the next attempt after the backoff, which then grows; the wait.
    @discardableResult
    private func scheduleAttempt(at now: Microseconds) -> Microseconds {
        let wait = backoff
        nextAttempt = now.addingSaturated(wait)
        backoff = min(backoff * 2, Self.maximumBackoff)
        return wait
    }

    /// The port of another client connected to baresip's control port, from the kernel's
    /// socket table (nil when there is none, or the table cannot be read). Only called with no
    /// connection of the line's own.
    private func otherClient() -> UInt16? {
        socketTable()?.first { $0.state == .established && $0.port == address.port && $0.isLoopback }?.remotePort
    }

    /// Drops the connection, ends the call it carried, and schedules the next attempt. A
    /// connection baresip closed while another client is connected was taken by that client.
    private func disconnect(_ reason: String, closedByPeer: Bool = false, at now: Microseconds, into events: inout [LineEvent]) {
        socket = nil
        unanswered = [:]
        tonesNotTaken = false
        registrationFailures = [:]
        // Without baresip the registration is not known: the line's problem says why.
        if reportedRegistered != nil {
            reportedRegistered = nil
            events.append(.lineState(LineState()))
        }
        awaiting = nil
        if now - connectedAt >= Self.goodConnection { backoff = Self.firstBackoff }
        failedAttempts = 0
        let holder = closedByPeer ? otherClient() : nil
        heldElsewhere = holder != nil
        let wait = scheduleAttempt(at: now)
        if let holder {
            events.append(
                .log(
                    .warning,
                    "another program (connected from port \(holder)) took baresip's control connection at \(address): t9dial does not "
                        + "take it back, and connects once it is free; stop the other t9dial, or the script using ctrl_tcp"))
        } else {
            events.append(.log(.warning, "lost the connection to baresip at \(address): \(reason); trying again in \(Self.seconds(wait))"))
        }
        let why = holder != nil ? Self.heldElsewhereProblem : "baresip went away"
        if let lost = second {
            // The line can no longer say what becomes of it: over, as far as t9dial knows.
            second = nil
            events.append(.call(LineCallID(lost.id), .ended(lost.connected ? .failed(why) : .noAnswer)))
        }
        heldCalls = []
        mutedCalls = []
        controlRequests = [:]
        if let end = lostCallEnd(why) {
            call = .none
            events.append(.ended(end))
        }
    }

    /// How the current call ends when the line loses sight of it: baresip may still have it,
    /// so only what is known is said. A caller not answered here is a missed call; any other
    /// call fails here, in `why`'s words, not the far end's. Nil with no call.
    private func lostCallEnd(_ why: String) -> CallEnd? {
        switch call {
        case .none: nil
        case .current(_, .incoming, _, false): .noAnswer
        default: .failed(why)
        }
    }

    /// Ends the current call here, after baresip did not do what it was asked in time: the
    /// keypad is free again. With `hangingUp`, the call is hung up in baresip too (not when
    /// the hang-up is what baresip did not do).
    private func giveUp(_ reason: String, hangingUp: Bool, at now: Microseconds, into events: inout [LineEvent]) {
        awaiting = nil
        unanswered = unanswered.filter { $0.value.name != "sndcode" }
        tonesNotTaken = false
        guard call != .none else { return }
        call = .none
        events.append(.log(.warning, reason + "; the call is ended here, and may still be up in baresip"))
        events.append(.ended(.failed(reason)))
        if hangingUp { send(.hangUp, at: now, into: &events) }
    }

    /// When the oldest tone not answered yet was sent.
    private var oldestTone: Microseconds? {
        unanswered.values.filter { $0.name == "sndcode" }.map(\.sent).min()
    }

    /// Sends `command`; on a write that fails or would block, drops the connection. The
    /// command's token, or nil when it was not sent.
    @discardableResult
    func send(_ command: BaresipCommand, at now: Microseconds, into events: inout [LineEvent]) -> String? {
        guard let result = socket?.sendAll(command.encoded(token: "t9dial-\(nextToken)")) else { return nil }
        let token = "t9dial-\(nextToken)"
        nextToken += 1
        switch result {
        case .success:
            unanswered[token] = (command.name, now)
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
                disconnect("baresip closed it", closedByPeer: true, at: now, into: &events)
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
            handle(response, at: now, into: &events)
        case .success(.event(let event)):
            handle(event, at: now, into: &events)
        }
    }

    private func handle(_ response: BaresipResponse, at now: Microseconds, into events: inout [LineEvent]) {
        let command = response.token.flatMap { unanswered.removeValue(forKey: $0) }?.name
        switch command {
        case "sndcode":
            tonesNotTaken = false
        case "reginfo":
            if response.ok { readRegistrationInfo(response.data, into: &events) }
            return
        case "listcalls":
            if response.ok { readCallList(response.data, at: now, into: &events) }
            return
        case "callstat":
            if response.ok, let status = BaresipCallStatus(parsing: response.data) { adopt(status, into: &events) }
            return
        case "callfind", "hold", "resume", "mute":
            controlAnswered(command ?? "", response, into: &events)
            return
        default: break
        }
        guard !response.ok else { return }
        let text = response.data.trimmingBlanks()
        events.append(.log(.warning, "baresip refused \(command ?? "a command"): \(text.isEmpty ? "no reason given" : text)"))
        if case .dialling(let token, _, _) = call, token == response.token {
            call = .none
            awaiting = nil
            events.append(.ended(.failed(text.isEmpty ? "baresip refused the call" : text)))
        }
    }

    /// Reads `reginfo`'s answer, a line per account: `> sip:user@host  OK  Expires 3600s`, with
    /// `ERR` when its registration failed and nothing when it does not register.
    private func readRegistrationInfo(_ data: String, into events: inout [LineEvent]) {
        defer { if data.split(whereSeparator: \.isNewline).contains(where: { $0.hasPrefix(">") }) { reportRegistration(into: &events) } }
        for line in data.split(whereSeparator: \.isNewline) where line.hasPrefix(">") {
            let words = line.dropFirst().split(separator: " ").map { BaresipCallStatus.withoutTerminalEscapes(String($0)) }
            guard let account = words.first else { continue }
            if words.dropFirst().contains("ERR") {
                recordRegistrationFailure(of: account, registrationFailures[account] ?? "registration failed", into: &events)
            } else {
                registrationFailures[account] = nil
            }
        }
    }

    /// Says whether every account is registered, for the status line, when that changed.
    private func reportRegistration(into events: inout [LineEvent]) {
        let registered = registrationFailures.isEmpty
        guard registered != reportedRegistered else { return }
        reportedRegistered = registered
        events.append(.lineState(LineState(registered: registered)))
    }

    /// Keeps `reason` as why `account` is not registered, within the table's bound: a failure
    /// of one more account than the bound is logged and not kept (the problem shows already).
    private func recordRegistrationFailure(of account: String, _ reason: String, into events: inout [LineEvent]) {
        guard registrationFailures[account] != nil || registrationFailures.count < Self.maximumRegistrationFailures else {
            events.append(
                .log(.debug, "registration failures of over \(Self.maximumRegistrationFailures) accounts: the one of \(account) is not kept"))
            return
        }
        registrationFailures[account] = reason
    }

    /// Reads `listcalls`' answer, a line per call (`> [line 1]  0:00:04   INCOMING   sip:...`,
    /// the current one marked): when baresip has a call and the line follows none, it asks
    /// for the current call's details (`callstat`), to show it.
    private func readCallList(_ data: String, at now: Microseconds, into events: inout [LineEvent]) {
        let calls = data.split(whereSeparator: \.isNewline).map { BaresipCallStatus.withoutTerminalEscapes(String($0)) }
            .filter { $0.hasPrefix(">") || $0.hasPrefix(" [line") }
        guard !calls.isEmpty else { return }
        events.append(
            .log(
                .info,
                "baresip has \(calls.count == 1 ? "a call" : "\(calls.count) calls") already: \(calls.map { $0.trimmingBlanks() }.joined(separator: "; "))"))
        if call == .none { send(.callStatus, at: now, into: &events) }
    }

    /// Follows the call baresip had when the line connected, unless it follows one already:
    /// a caller ringing or connected shows as an incoming call; a call that went out from
    /// here (dialled before t9dial started, or by another program) is followed to its end, so
    /// that the line knows baresip is busy, but not shown: the dialer shows the calls it dialled.
    private func adopt(_ status: BaresipCallStatus, into events: inout [LineEvent]) {
        guard call == .none else { return }
        switch status.direction {
        case .incoming:
            let connected = status.state == "ESTABLISHED"
            call = .current(id: status.id, direction: .incoming, rang: true, connected: connected)
            events.append(.log(.info, "a call from \(status.peerURI) was \(connected ? "connected" : "ringing") in baresip before t9dial connected"))
            events.append(.incoming(number: Self.userPart(status.peerURI), name: status.peerName))
            if connected { events.append(.connected) }
        case .outgoing:
            call = .current(id: status.id, direction: .outgoing, rang: true, connected: status.state == "ESTABLISHED")
            events.append(
                .log(.notice, "baresip has a call to \(status.peerURI) that t9dial did not dial; it is not shown, and no call can be dialled until it ends"))
        }
    }

    private func handle(_ event: BaresipEvent, at now: Microseconds, into events: inout [LineEvent]) {
        switch event.type {
        case "REGISTER_OK":
            registrationFailures[event.accountAOR ?? ""] = nil
            reportRegistration(into: &events)
            return
        case "REGISTER_FAIL":
            let reason = event.param?.trimmingBlanks() ?? ""
            recordRegistrationFailure(of: event.accountAOR ?? "", reason.isEmpty ? "no reason given" : reason, into: &events)
            events.append(.log(.warning, "baresip could not register \(event.accountAOR ?? "its account"): \(reason)"))
            reportRegistration(into: &events)
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
            if let second, id == second.id {
                followSecond(event, into: &events)
                return
            }
            guard event.isOutgoing else {
                if event.type == "CALL_INCOMING" { turnAway(event, id: id, at: now, into: &events) }
                return
            }
            call = .current(id: id, direction: .outgoing, rang: false, connected: false)
            follow(event, into: &events)
        case .current(let current, _, _, let connected):
            if id == current {
                follow(event, into: &events)
            } else if let second, id == second.id {
                followSecond(event, into: &events)
            } else if event.type == "CALL_INCOMING" {
                if second != nil {
                    logTurnedAway(event, into: &events)
                } else if connected {
                    waiting(event, id: id, into: &events)
                } else {
                    turnAway(event, id: id, at: now, into: &events)
                }
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
            if awaiting?.request == .accept { awaiting = nil }
            call = .current(id: id, direction: direction, rang: rang, connected: true)
            events.append(.connected)
        case "CALL_CLOSED":
            call = .none
            awaiting = nil
            unanswered = unanswered.filter { $0.value.name != "sndcode" }
            tonesNotTaken = false
            let param = event.param ?? ""
            events.append(.log(.info, "call \(direction == .outgoing ? "to" : "from") \(event.peerURI ?? "?") closed: \(param)"))
            if second != nil {
                events.append(.call(LineCallID(id), .ended(CallEnd(baresipClosedParam: param))))
                promoteSecond(afterClosing: id, into: &events)
            } else {
                events.append(.ended(CallEnd(baresipClosedParam: param)))
                heldCalls = []
                mutedCalls = []
            }
        default: break
        }
    }

    private func logTurnedAway(_ event: BaresipEvent, into events: inout [LineEvent]) {
        events.append(
            .log(
                .warning,
                "a third call from \(event.peerURI ?? "an unknown number") rings in baresip during two; set call_max_calls 2 "
                    + "in baresip's config so that baresip answers it busy"))
    }

    // MARK: Reporting

    /// `events`, with a `.problem` event when the problem changed. While a connection is
    /// being made the problem stands as it was: the connection is usually made at the next
    /// look, and the notice line does not flicker.
    func finish(_ events: [LineEvent]) -> [LineEvent] {
        guard connecting == nil else { return events }
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

    private static func seconds(_ time: Microseconds) -> String {
        time % 1_000_000 == 0 ? "\(time / 1_000_000) s" : "\(Double(time) / 1_000_000) s"
    }
}
