// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
public import InputEvents
import SystemCalls
public import struct SystemPackage.FileDescriptor
import TerminalText

/// Calls through ModemManager over D-Bus (`[dial] method = "modemmanager"`): `CreateCall` and
/// `Start` on the modem's `Voice` interface to dial, the call's `StateChanged` to follow it,
/// `Accept`, `Hangup` and `SendDtmf` on the call, `CallAdded` for calls ringing here, and
/// `DeleteCall` once a call is over. ModemManager keeps the modem and its calls; t9dial follows
/// the one current call. sd-bus (libsystemd, opened when the line starts) carries the messages;
/// every method call is asynchronous, so the loop never waits for ModemManager.
///
/// The line finds its modem with `GetManagedObjects` and follows modems coming and going with
/// `InterfacesAdded` and `InterfacesRemoved`; ModemManager starting and stopping comes as
/// `NameOwnerChanged`, so a line waiting for it has no deadline. A bus that cannot be reached,
/// or that goes away, is tried again after `backoff`. Each of these is the line's `problem`
/// while it holds.
///
/// A disabled modem is enabled (`Modem.Enable`): on a board t9dial is its only user, and
/// ModemManager makes no call object for a call ringing on a disabled modem. When polkit
/// refuses, the problem says so with the command that enables it.
///
/// The modem's signal (`SignalQuality`) and network (`Modem3gpp.OperatorName`) come with the
/// modems and then in `PropertiesChanged`, for the status line (`.lineState`): ModemManager
/// reads the modem itself, so the line asks nothing. A modem failed for want of a SIM is
/// dialled on all the same: ModemManager (1.20) keeps its Voice interface for emergency calls,
/// and refuses any other number itself (`ModemManagerModemFacts`).
///
/// A second call ringing here during a connected call is reported waiting, and followed
/// (`ModemManagerLine+Control.swift`: `HoldAndAccept`, `HangupAndAccept`, `Hangup` on the
/// right call). Any more are left waiting, and only logged. Once the current call ends, a
/// call still waiting rings here as a new one.
///
/// Every request has a deadline (`deadlines`): a request ModemManager does not answer in time
/// ends the call it was for with why, so the keypad is never left waiting on ModemManager.
public final class ModemManagerLine: CallLine {
    /// Which D-Bus bus ModemManager is on.
    public enum Bus: Sendable, Hashable {
        /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS`, else /run/dbus/system_bus_socket.
        case system
        /// The bus at a D-Bus address (`unix:path=/tmp/test-bus`), for tests.
        case address(String)
    }

    public let methodName = "modemmanager"
    public let followsCalls = true
    public let isWorking = false

    public var isEnding: Bool {
        if case .creating(_, cancelled: true) = call { return true }
        return awaiting.values.contains {
            switch $0 {
            case .hangUp, .deleteCall: true
            default: false
            }
        }
    }
    /// The modem as configured: "any" (the first with voice calls), an index ("0", as
    /// `mmcli -L` shows it) or a D-Bus object path.
    public let modem: String
    public let bus: Bus
    public let backoff: LineBackoff
    public let deadlines: Deadlines
    /// Whether the line enables a disabled modem (`survey` only looks).
    public let enablesModem: Bool

    /// How long ModemManager has to answer each request before the line gives up on it.
    public struct Deadlines: Sendable, Hashable {
        /// For `Start` and `Accept`, which wait on the network (ModemManager gives `ATD` 90 s)
        /// and for `Enable`, which waits on the modem's registration.
        public var callSetup: Microseconds
        /// For `Hangup`: the user is waiting. ModemManager tries `AT+CHLD=1x` then `AT+CHUP`,
        /// 2 s each; it queues them behind an `ATD` the modem has not answered.
        public var hangUp: Microseconds
        /// For every other request: `CreateCall`, `SendDtmf`, `DeleteCall`, and reading the
        /// modems and calls.
        public var request: Microseconds

        public init(callSetup: Microseconds = 60_000_000, hangUp: Microseconds = 5_000_000, request: Microseconds = 20_000_000) {
            self.callSetup = callSetup
            self.hangUp = hangUp
            self.request = request
        }
    }

    /// Why the line cannot be used at all on this machine: libsystemd cannot be loaded. Nil
    /// when it can (opening it the first time this is asked).
    public static var libraryProblem: String? {
        guard case .failure(let error) = SystemdBusLibrary.shared else { return nil }
        return error.description
    }

    private var started = false
    private var connection: SystemdBus?
    /// Why the last attempt to connect failed.
    private var connectionError: BusError?
    /// When to connect again; nil while connected, stopped, or when trying again cannot help.
    private var reconnectAt: Microseconds?
    /// The wait after the next failure.
    private var nextWait: Microseconds
    /// When the line last woke, for a write that has to be finished soon.
    private var lastWake: Microseconds = 0

    private var manager = ManagerState.unknown
    /// When to ask ModemManager for its modems again, after it failed to answer.
    private var askAgainAt: Microseconds?
    /// The modems ModemManager has, with their interfaces.
    private var modems: [String: Set<String>] = [:]
    /// The modems' states (MMModemState), as their `State` property and `StateChanged` say.
    private var modemStates: [String: ModemManagerModemState] = [:]
    /// What the modems' properties say of their signal, network and SIM, by modem.
    private var facts: [String: ModemManagerModemFacts] = [:]
    /// The line's state last reported with `.lineState`.
    private var reportedLineState = LineState()
    /// The modem an `Enable` is on its way to.
    private var enabling: String?
    /// Why ModemManager refused to enable a modem, by modem: not asked again until its state
    /// changes.
    private var enableRefused: [String: String] = [:]
    /// The calls sent and not answered yet, by cookie: what each was for.
    private var awaiting: [UInt64: Purpose] = [:]

    var call = CallState.none
    /// The second call followed during the current one: waiting, or answered and held.
    var second: SecondCall?
    /// The held call `HangupAndAccept` takes off hold: a resume asked meanwhile is that one.
    var resumingAfterHangUp = false
    /// Tones to send through the connected call, one `SendDtmf` at a time.
    private var tones: [Character] = []
    private var toneInFlight = false
    /// Calls that rang here during a call and were left waiting: deleted once they are over,
    /// and taken as a call ringing here when they ring once the current call is over.
    private var waiting: Set<String> = []
    /// The most calls left waiting the line follows (a network offers one or two); more are
    /// logged and left to ModemManager.
    public static let waitingLimit = 8
    /// The problem last reported with `.problem`.
    private var reportedProblem: String?
    /// When a call hung up here is over for the dialer, whatever ModemManager says by then.
    private var hangUpBy: Microseconds?
    /// Calls hung up here and over for the dialer that ModemManager has not ended yet (it
    /// queues `Hangup` behind a dial the modem has not answered): deleted once it does.
    private var released: Set<String> = []

    /// How long the hang-up key waits for ModemManager's word before the call is over here:
    /// the hang-up key and quitting act within a second, whatever the modem does.
    public static let hangUpWait: Microseconds = 800_000

    /// How soon bytes sd-bus could not write are tried again.
    static let writeRetryDelay: Microseconds = 10_000

    private enum ManagerState: Equatable {
        case unknown
        /// `GetManagedObjects` is on its way.
        case asking
        case notRunning
        case running
        /// ModemManager did not list its modems, and why.
        case failed(String)
    }

    /// What a call sent was for, so that its reply is understood.
    enum Purpose: Equatable {
        case listModems
        case createCall
        case start(String)
        case accept(String)
        case hangUp(String)
        case sendTone(String)
        case deleteCall(String)
        /// `GetAll` of a call ModemManager added, to see whether it rings here.
        case inspect(String)
        case enable(String)
        /// `HoldAndAccept`, `HangupAndAccept` or `Hangup` for the user's control.
        case control(CallControl)

        /// What the request was, for a message that says it was not answered.
        var request: String {
            switch self {
            case .listModems: "GetManagedObjects"
            case .createCall: "CreateCall"
            case .start: "Start"
            case .accept: "Accept"
            case .hangUp: "Hangup"
            case .sendTone: "SendDtmf"
            case .deleteCall: "DeleteCall"
            case .inspect: "GetAll"
            case .enable: "Enable"
            case .control(let control): control.rawValue
            }
        }
    }

    enum CallState: Equatable {
        case none
        /// `CreateCall` was sent on `modem`; `cancelled` when the user hung up before it answered.
        case creating(modem: String, cancelled: Bool)
        case current(CurrentCall)
    }

    struct CurrentCall: Equatable {
        var path: String
        var modem: String
        var direction: CallDirection
        var rang = false
        var connected = false
        /// Held here (ModemManager's HELD).
        var held = false
        /// A call waiting that is the current call now, but still WAITING to ModemManager,
        /// which accepts it only once it is RINGING_IN (at its next look at the modem's calls).
        var waitingToRing = false
        /// The user answered it meanwhile: `Accept` goes once it rings.
        var answerWhenRinging = false
        /// The user asked to end it: however it ends now, it is `.hungUpHere`.
        var hangingUp = false
        /// `Start` was sent and not answered yet.
        var starting = false
        /// How the call ended by the state signal, held while `Start`'s reply, which says why
        /// better, is on its way.
        var endedBeforeStartAnswered: CallEnd?
    }

    /// A line to ModemManager's modem `modem` ("any", an index, or an object path) on `bus`.
    public init(modem: String = "any", bus: Bus = .system, backoff: LineBackoff = .init(), deadlines: Deadlines = .init(), enablesModem: Bool = true) {
        self.modem = modem
        self.bus = bus
        self.backoff = backoff
        self.deadlines = deadlines
        self.enablesModem = enablesModem
        self.nextWait = backoff.first
    }

    // MARK: CallLine

    public var descriptors: [FileDescriptor] {
        guard let descriptor = connection?.descriptor else { return [] }
        return [descriptor]
    }

    public var nextDeadline: Microseconds? {
        guard started else { return nil }
        guard connection != nil else { return reconnectAt }
        let writing = connection?.wantsToWrite == true ? lastWake.addingSaturated(Self.writeRetryDelay) : nil
        return [connection?.deadline, writing, askAgainAt, hangUpBy, second?.rejectAt].compactMap { $0 }.min()
    }

    public var problem: String? {
        guard started else { return nil }
        guard connection != nil else {
            return connectionError.map { "cannot reach ModemManager: \($0)" } ?? "not connected to D-Bus"
        }
        switch manager {
        case .unknown, .asking: return "asking ModemManager for its modems"
        case .notRunning: return "ModemManager is not running (sudo systemctl start ModemManager)"
        case .failed(let why): return why
        case .running:
            switch chosenModem {
            case .failure(let why): return why.description
            case .success(let path): return modemStateProblem(path)
            }
        }
    }

    /// Whether the line is connected and waiting for ModemManager's list of modems.
    var isAsking: Bool { connection != nil && (manager == .unknown || manager == .asking) }

    /// What keeps the modem at `path` from making calls, from its state; nil when it can.
    private func modemStateProblem(_ path: String) -> String? {
        switch modemStates[path] {
        case .enabled?, .searching?: return "the modem has no network yet (searching)"
        case .failed? where facts[path]?.hasNoSIM == true: return Self.noSIMProblem
        case .locked?: return Self.lockedSIMProblem
        default: return modemBlocked(path)
        }
    }

    /// What keeps the modem at `path` from dialling at all, from its state: not what the
    /// network does (an emergency call needs no registration), nor a missing or locked SIM
    /// (ModemManager keeps the Voice interface of a modem failed for want of one, or locked,
    /// for emergency calls, and refuses the others itself).
    private func modemBlocked(_ path: String) -> String? {
        let index = Self.index(path).map(String.init) ?? path
        switch modemStates[path] {
        case .failed? where facts[path]?.hasNoSIM == true: return nil
        case .disabled?, .disabling?:
            guard enablesModem else { return "the modem is disabled (t9dial enables it when it starts; by hand: sudo mmcli -m \(index) -e)" }
            guard let refused = enableRefused[path] else { return "the modem is disabled; enabling it" }
            return "the modem is disabled and t9dial could not enable it (\(refused)): enable it with sudo mmcli -m \(index) -e"
        case .enabling?: return "the modem is being enabled"
        case .locked?: return nil
        case .failed?: return "the modem failed (mmcli -m \(index) says why)"
        case .initializing?: return "ModemManager is still setting the modem up"
        default: return nil
        }
    }

    public func start(at now: Microseconds) -> [LineEvent] {
        started = true
        lastWake = now
        var events: [LineEvent] = []
        connect(now, &events)
        return finish(events)
    }

    public func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent] {
        lastWake = now
        var events: [LineEvent] = []
        guard started else { return events }
        if connection == nil {
            if let reconnectAt, reconnectAt <= now { connect(now, &events) }
        } else {
            process(now, &events)
        }
        if connection != nil, let askAgainAt, askAgainAt <= now { listModems(now, &events) }
        releaseIfHangUpIsDue(now, &events)
        if connection != nil { rejectIfDue(now, &events) }
        return finish(events)
    }

    /// A call hung up here that ModemManager has not ended within `hangUpWait` is over for
    /// the dialer: its `Hangup` goes on, and the call is deleted once ModemManager ends it.
    private func releaseIfHangUpIsDue(_ now: Microseconds, _ events: inout [LineEvent]) {
        guard let due = hangUpBy, now >= due else { return }
        hangUpBy = nil
        guard case .current(let current) = call, current.hangingUp else { return }
        if released.count < Self.waitingLimit { released.insert(current.path) }
        events.append(
            .log(
                .warning,
                "modemmanager: no word from ModemManager \(Double(Self.hangUpWait) / 1_000_000) s after the hang-up; the call is over here, and its Hangup goes on"
            ))
        endCall(.hungUpHere, now, &events, delete: false)
    }

    public func dial(_ number: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        guard connection != nil, manager == .running, case .success(let modemPath) = chosenModem, modemBlocked(modemPath) == nil else {
            events.append(.ended(.failed(problem ?? "ModemManager is not reachable")))
            return finish(events)
        }
        guard call == .none else {
            events.append(.log(.warning, "modemmanager: not dialling \(number.dialString): a call is under way"))
            events.append(.ended(.failed("another call is under way")))
            return finish(events)
        }
        let dialString = number.dialString
        call = .creating(modem: modemPath, cancelled: false)
        events.append(.log(.info, "modemmanager: dialling \(dialString) on \(modemPath)"))
        let properties = DBusValue.array(element: "{sv}", [.dictEntry(.string("number"), .variant(.string(dialString)))])
        send(voice(modemPath, "CreateCall", [properties]), for: .createCall, now, &events)
        return finish(events)
    }

    public func answer(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        if case .current(var current) = call, current.direction == .incoming, current.waitingToRing {
            current.answerWhenRinging = true
            call = .current(current)
            events.append(.log(.info, "modemmanager: answering the call once ModemManager sees it ring"))
        } else if case .current(let current) = call, current.direction == .incoming, !current.connected {
            send(callMethod(current.path, "Accept"), for: .accept(current.path), now, &events)
        } else {
            events.append(.log(.notice, "modemmanager: nothing to answer: no call is ringing here"))
        }
        return finish(events)
    }

    public func hangUp(at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        switch call {
        case .none:
            events.append(.log(.notice, "modemmanager: nothing to hang up: no call"))
        case .creating(let modem, _):
            // Ended when CreateCall answers: the call it made is deleted, never started.
            call = .creating(modem: modem, cancelled: true)
        case .current(var current):
            guard !current.hangingUp else { break }
            current.hangingUp = true
            call = .current(current)
            hangUpBy = now.addingSaturated(Self.hangUpWait)
            if let held = second, held.connected, let modemPath = try? chosenModem.get() {
                // The active call ended and the held one taken off hold, at once (AT+CHLD=1).
                resumingAfterHangUp = true
                send(voice(modemPath, "HangupAndAccept", []), for: .hangUp(current.path), now, &events)
            } else {
                send(callMethod(current.path, "Hangup"), for: .hangUp(current.path), now, &events)
            }
        }
        return finish(events)
    }

    public func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] {
        var events: [LineEvent] = []
        guard case .current(let current) = call, current.connected else {
            events.append(.log(.notice, "modemmanager: tones \"\(tones)\" not sent: no call is connected"))
            return finish(events)
        }
        for tone in tones {
            let upper = Character(tone.uppercased())
            guard "0123456789*#ABCD".contains(upper) else {
                events.append(.log(.warning, "modemmanager: not a DTMF tone, not sent: \"\(tone.unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\""))
                continue
            }
            self.tones.append(upper)
        }
        sendNextTone(now, &events)
        return finish(events)
    }

    public func stop() {
        started = false
        connection = nil
        connectionError = nil
        reconnectAt = nil
        manager = .unknown
        askAgainAt = nil
        modems = [:]
        awaiting = [:]
        call = .none
        tones = []
        toneInFlight = false
        waiting = []
        released = []
        hangUpBy = nil
        second = nil
        resumingAfterHangUp = false
        modemStates = [:]
        facts = [:]
        enabling = nil
        enableRefused = [:]
    }

    // MARK: The connection

    private func connect(_ now: Microseconds, _ events: inout [LineEvent]) {
        let opened: SystemdBus
        do {
            switch bus {
            case .system: opened = try SystemdBus(address: nil)
            case .address(let address): opened = try SystemdBus(address: address)
            }
        } catch {
            connectionError = error
            if case .libraryMissing = error {
                // Nothing changes by trying again.
                reconnectAt = nil
                events.append(.log(.error, "modemmanager: \(error)"))
                return
            }
            reconnectAt = now.addingSaturated(nextWait)
            events.append(.log(.warning, "modemmanager: \(error); trying again in \(ModemCallTracker.seconds(nextWait))"))
            nextWait = min(nextWait.addingSaturated(nextWait), backoff.longest)
            return
        }
        connection = consume opened
        connectionError = nil
        reconnectAt = nil
        events.append(.log(.info, "modemmanager: connected to D-Bus"))
        // The bus installs the rules before it handles the calls that follow, so nothing that
        // happens after ModemManager lists its modems is missed.
        let service = ModemManagerNames.service
        let rules = [
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',"
                + "member='NameOwnerChanged',arg0='\(service)'",
            "type='signal',sender='\(service)',path='\(ModemManagerNames.root)',interface='\(ModemManagerNames.objectManager)'",
            "type='signal',sender='\(service)',interface='\(ModemManagerNames.voice)'",
            "type='signal',sender='\(service)',interface='\(ModemManagerNames.call)',member='StateChanged'",
            "type='signal',sender='\(service)',interface='\(ModemManagerNames.modem)',member='StateChanged'",
            // The signal, network and SIM: ModemManager reads them, and says when they change.
            "type='signal',sender='\(service)',interface='\(ModemManagerNames.properties)',member='PropertiesChanged',arg0='\(ModemManagerNames.modem)'",
            "type='signal',sender='\(service)',interface='\(ModemManagerNames.properties)',member='PropertiesChanged',arg0='\(ModemManagerNames.modem3gpp)'",
        ]
        for rule in rules {
            if case .failure(let error) = connection?.addMatch(rule) {
                lose(error, now, &events)
                return
            }
        }
        listModems(now, &events)
    }

    /// The connection failed: drops it, ends the call it carried, and connects again later.
    private func lose(_ error: BusError, _ now: Microseconds, _ events: inout [LineEvent]) {
        connection = nil
        connectionError = error
        awaiting = [:]
        manager = .unknown
        askAgainAt = nil
        modems = [:]
        modemStates = [:]
        facts = [:]
        enabling = nil
        waiting = []
        released = []
        if let lost = second {
            second = nil
            events.append(.call(LineCallID(lost.path), .ended(.failed("lost the connection to ModemManager"))))
        }
        endCall(.failed("lost the connection to ModemManager"), now, &events, delete: false)
        reconnectAt = now.addingSaturated(nextWait)
        events.append(.log(.error, "modemmanager: \(error); connecting again in \(ModemCallTracker.seconds(nextWait))"))
        nextWait = min(nextWait.addingSaturated(nextWait), backoff.longest)
    }

    /// Sends `call` for `purpose`; a call that cannot be sent loses the connection. Whether it
    /// was sent.
    @discardableResult
    func send(_ call: BusCall, for purpose: Purpose, _ now: Microseconds, _ events: inout [LineEvent]) -> Bool {
        var call = call
        switch purpose {
        case .start, .accept, .enable: call.timeout = deadlines.callSetup
        case .hangUp: call.timeout = deadlines.hangUp
        default: call.timeout = deadlines.request
        }
        guard let sent = connection?.call(call) else { return false }
        switch sent {
        case .success(let cookie):
            awaiting[cookie] = purpose
            events.append(.log(.debug, "modemmanager: > \(call.member) \(call.path)"))
            return true
        case .failure(let error):
            lose(error, now, &events)
            return false
        }
    }

    private func process(_ now: Microseconds, _ events: inout [LineEvent]) {
        guard let processed = connection?.process() else { return }
        for message in processed.messages {
            if let cookie = message.replyCookie {
                if let purpose = awaiting.removeValue(forKey: cookie) { handleReply(message, to: purpose, now, &events) }
            } else {
                handleSignal(message, now, &events)
            }
            guard connection != nil else { return }
        }
        if let failure = processed.failure { lose(failure, now, &events) }
    }

    // MARK: Modems

    private func listModems(_ now: Microseconds, _ events: inout [LineEvent]) {
        askAgainAt = nil
        manager = .asking
        let list = BusCall(
            destination: ModemManagerNames.service, path: ModemManagerNames.root, interface: ModemManagerNames.objectManager,
            member: "GetManagedObjects")
        send(list, for: .listModems, now, &events)
    }

    /// Takes `GetManagedObjects`'s answer: the modems and their interfaces, and the calls the
    /// chosen modem has already (one may be ringing here).
    private func takeModems(_ body: [DBusValue], _ now: Microseconds, _ events: inout [LineEvent]) {
        modems = [:]
        modemStates = [:]
        facts = [:]
        for (path, interfaces) in body.first?.dictionary ?? [:] where path.hasPrefix(ModemManagerNames.modemPrefix) {
            modems[path] = Set((interfaces.dictionary ?? [:]).keys)
            takeModemState(path, interfaces.dictionary?[ModemManagerNames.modem]?.dictionary?["State"]?.integer)
            takeFacts(path, interfaces.dictionary ?? [:])
        }
        manager = .running
        events.append(.log(.info, "modemmanager: ModemManager has \(modems.isEmpty ? "no modem" : modems.keys.sorted().joined(separator: ", "))"))
        checkCallModem(now, &events)
        enableIfDisabled(now, &events)
        guard case .success(let modemPath) = chosenModem, call == .none else { return }
        let voice = body.first?.dictionary?[modemPath]?.dictionary?[ModemManagerNames.voice]?.dictionary
        for existing in voice?["Calls"]?.elements ?? [] {
            if let path = existing.text { inspect(path, now, &events) }
        }
    }

    /// The modem the line uses, or why there is none.
    var chosenModem: Result<String, ModemChoiceProblem> {
        let hint = "(mmcli -L lists the modems ModemManager has)"
        let voice = ModemManagerNames.voice
        if modem == "any" {
            let ordered = modems.keys.sorted { (Self.index($0) ?? Int.max, $0) < (Self.index($1) ?? Int.max, $1) }
            if let first = ordered.first(where: { modems[$0]?.contains(voice) == true }) { return .success(first) }
            if ordered.isEmpty { return .failure(ModemChoiceProblem("ModemManager has no modem: is it plugged in? \(hint)")) }
            return .failure(ModemChoiceProblem("no modem with voice calls: \(Self.noVoice(ordered[0]))"))
        }
        guard let path = Self.modemPath(modem) else {
            return .failure(ModemChoiceProblem("modem = \"\(modem)\" is not \"any\", a modem's index or its D-Bus object path"))
        }
        guard let interfaces = modems[path] else { return .failure(ModemChoiceProblem("ModemManager has no modem \(modem) \(hint)")) }
        return interfaces.contains(voice) ? .success(path) : .failure(ModemChoiceProblem(Self.noVoice(path)))
    }

    struct ModemChoiceProblem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private static func noVoice(_ path: String) -> String {
        "ModemManager offers no voice calls on \(path) (no Voice interface: the modem is not enabled yet, has no SIM, or does not do voice)"
    }

    /// The object path of the modem `spec` names: an index, or a path.
    static func modemPath(_ spec: String) -> String? {
        let kept = spec.trimmingBlanks()
        if !kept.isEmpty, kept.allSatisfy({ $0.isASCII && $0.isNumber }) { return ModemManagerNames.modemPrefix + kept }
        return kept.hasPrefix("/") ? kept : nil
    }

    /// A modem's index, the number its path ends with.
    private static func index(_ path: String) -> Int? {
        Int(path.dropFirst(ModemManagerNames.modemPrefix.count))
    }

    /// Takes what the interfaces `interfaces` of the modem at `path` say of its signal,
    /// network and SIM.
    private func takeFacts(_ path: String, _ interfaces: [String: DBusValue]) {
        for (interface, properties) in interfaces {
            facts[path, default: .init()].take(interface, properties.dictionary ?? [:])
        }
    }

    private func takeModemState(_ path: String, _ state: Int64?) {
        guard let state else { return }
        let known = ModemManagerModemState(rawValue: state) ?? .unknown
        // A refused or failed Enable is asked again once the modem was enabled some other way
        // and disabled again, or ModemManager started anew: not on the way back to disabled
        // from its own failed attempt, which would ask again and again.
        if modemStates[path] == nil || ![.disabled, .disabling, .enabling].contains(known) { enableRefused[path] = nil }
        modemStates[path] = known
    }

    /// Enables the chosen modem when it is disabled, unless ModemManager refused that already.
    private func enableIfDisabled(_ now: Microseconds, _ events: inout [LineEvent]) {
        guard enablesModem, case .success(let path) = chosenModem, modemStates[path] == .disabled, enabling == nil, enableRefused[path] == nil else {
            return
        }
        enabling = path
        events.append(.log(.notice, "modemmanager: the modem \(path) is disabled; enabling it"))
        let enable = BusCall(
            destination: ModemManagerNames.service, path: path, interface: ModemManagerNames.modem, member: "Enable", arguments: [.bool(true)])
        send(enable, for: .enable(path), now, &events)
    }

    /// Ends the call when its modem is gone or has lost its voice calls.
    private func checkCallModem(_ now: Microseconds, _ events: inout [LineEvent]) {
        let modem: String
        switch call {
        case .none: return
        case .creating(let creating, _): modem = creating
        case .current(let current): modem = current.modem
        }
        guard manager != .running || modems[modem]?.contains(ModemManagerNames.voice) != true else { return }
        endCall(.failed("the modem went away"), now, &events, delete: false)
    }

    // MARK: Replies

    private func handleReply(_ message: BusMessage, to purpose: Purpose, _ now: Microseconds, _ events: inout [LineEvent]) {
        let failure: (name: String, text: String)?
        if case .error(_, let name, let text) = message.kind {
            failure = (name, name == Self.noReply ? Self.unanswered(purpose, text) : Self.explain(name: name, message: text))
        } else {
            failure = nil
        }
        switch purpose {
        case .listModems:
            nextWait = backoff.first
            guard let failure else { return takeModems(message.body, now, &events) }
            modems = [:]
            if ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"].contains(failure.name) {
                manager = .notRunning
                events.append(.log(.warning, "modemmanager: ModemManager is not running; waiting for it"))
            } else {
                manager = .failed("ModemManager did not list its modems: \(failure.text)")
                askAgainAt = now.addingSaturated(nextWait)
                events.append(.log(.warning, "modemmanager: ModemManager did not list its modems: \(failure.text)"))
            }
            checkCallModem(now, &events)
        case .createCall:
            guard case .creating(let modem, let cancelled) = call else { return }
            guard failure == nil, let path = message.body.first?.text else {
                call = .none
                let why = failure?.text ?? "ModemManager gave no call"
                events.append(.log(.warning, "modemmanager: CreateCall failed: \(why)"))
                events.append(.ended(.failed(why)))
                return
            }
            call = .current(CurrentCall(path: path, modem: modem, direction: .outgoing, hangingUp: cancelled))
            if cancelled {
                endCall(.hungUpHere, now, &events, delete: true)
            } else if send(callMethod(path, "Start"), for: .start(path), now, &events), case .current(var current) = call {
                current.starting = true
                call = .current(current)
            }
        case .start(let path):
            guard case .current(var current) = call, current.path == path else { return }
            current.starting = false
            call = .current(current)
            if let failure {
                events.append(.log(.warning, "modemmanager: Start failed: \(failure.text)"))
                let busy = current.endedBeforeStartAnswered == .busy || failure.name.hasSuffix(".Connection.Busy")
                let end: CallEnd =
                    if current.hangingUp {
                        .hungUpHere
                    } else if busy {
                        .busy
                    } else if failure.name.hasSuffix(".Unauthorized"), !failure.text.contains("PolicyKit") {
                        .failed(emergencyOnly(current.modem, failure.text))
                    } else if current.endedBeforeStartAnswered != nil, failure.name.hasSuffix(".Connection.NoDialtone") {
                        // The modem ended the dial with BUSY, NO CARRIER, NO ANSWER or NO DIALTONE:
                        // ModemManager (1.20, and its sources in 2026) takes each as the call's end, then
                        // fails Start with "No dialtone", whichever it was.
                        .failed(Self.endedBeforeRinging)
                    } else {
                        .failed(failure.text)
                    }
                endCall(end, now, &events, delete: true)
            } else if let end = current.endedBeforeStartAnswered {
                endCall(end, now, &events, delete: true)
            }
        case .accept(let path):
            guard let failure else { return }
            events.append(.log(.warning, "modemmanager: could not answer: \(failure.text)"))
            if failure.name == Self.noReply, case .current(let current) = call, current.path == path, !current.connected {
                endCall(.failed(failure.text), now, &events, delete: false)
            }
        case .hangUp(let path):
            guard let failure, case .current(let current) = call, current.path == path else { return }
            if failure.name == Self.noReply {
                events.append(.log(.warning, "modemmanager: \(failure.text); the call may still be up (mmcli -m any --voice-list-calls)"))
                endCall(.failed(failure.text), now, &events, delete: false)
                return
            }
            // A call not started yet, or one ModemManager cannot hang up: deleting it ends it.
            events.append(.log(.notice, "modemmanager: Hangup failed (\(failure.text)); deleting the call"))
            endCall(.hungUpHere, now, &events, delete: true)
        case .sendTone:
            toneInFlight = false
            if let failure {
                events.append(.log(.warning, "modemmanager: a tone was not sent: \(failure.text)"))
                if failure.name == Self.noReply {
                    // ModemManager is stuck: the tones after it would wait on it too.
                    if !tones.isEmpty { events.append(.log(.warning, "modemmanager: tones \"\(String(tones))\" not sent")) }
                    tones = []
                }
            }
            sendNextTone(now, &events)
        case .deleteCall(let path):
            if let failure { events.append(.log(.debug, "modemmanager: DeleteCall \(path) failed: \(failure.text)")) }
        case .inspect(let path):
            if let failure { return events.append(.log(.debug, "modemmanager: cannot read the call \(path): \(failure.text)")) }
            takeAddedCall(path, message.body.first?.dictionary ?? [:], now, &events)
        case .control(let control):
            guard let failure else { return }
            events.append(.log(.warning, "modemmanager: \(control.rawValue) failed: \(failure.text)"))
            events.append(.notOnThisLine(control))
        case .enable(let path):
            enabling = nil
            guard let failure else { return events.append(.log(.info, "modemmanager: enabled the modem \(path)")) }
            enableRefused[path] = failure.text
            let index = Self.index(path).map(String.init) ?? path
            events.append(.log(.error, "modemmanager: could not enable the modem \(path): \(failure.text); enable it with sudo mmcli -m \(index) -e"))
        }
    }

    /// What a dial the modem ended before it rang reads as: ModemManager does not say why.
    static let endedBeforeRinging = "the network ended the call before it rang: busy, or no service (ModemManager does not say which)"

    /// The error sd-bus gives a call not answered in time (and the bus, a call whose service
    /// left without answering).
    static let noReply = "org.freedesktop.DBus.Error.NoReply"

    private static func unanswered(_ purpose: Purpose, _ text: String) -> String {
        "ModemManager did not answer \(purpose.request) (\(text.isEmpty ? "no reply" : text))"
    }

    // MARK: Signals

    private func handleSignal(_ message: BusMessage, _ now: Microseconds, _ events: inout [LineEvent]) {
        let arguments = message.body
        if message.isSignal("org.freedesktop.DBus", "NameOwnerChanged") {
            guard arguments.first?.text == ModemManagerNames.service else { return }
            if arguments.count > 2, arguments[2].text?.isEmpty == false {
                events.append(.log(.info, "modemmanager: ModemManager started"))
                listModems(now, &events)
            } else {
                manager = .notRunning
                modems = [:]
                facts = [:]
                askAgainAt = nil
                events.append(.log(.warning, "modemmanager: ModemManager stopped; waiting for it"))
                checkCallModem(now, &events)
            }
        } else if message.isSignal(ModemManagerNames.objectManager, "InterfacesAdded") {
            guard manager == .running, let path = arguments.first?.text, path.hasPrefix(ModemManagerNames.modemPrefix) else { return }
            let added = arguments.dropFirst().first?.dictionary ?? [:]
            modems[path, default: []].formUnion(added.keys)
            takeModemState(path, added[ModemManagerNames.modem]?.dictionary?["State"]?.integer)
            takeFacts(path, added)
            enableIfDisabled(now, &events)
        } else if message.isSignal(ModemManagerNames.objectManager, "InterfacesRemoved") {
            guard manager == .running, let path = arguments.first?.text, modems[path] != nil else { return }
            let removed = (arguments.dropFirst().first?.elements ?? []).compactMap(\.text)
            modems[path]?.subtract(removed)
            if removed.contains(ModemManagerNames.modem3gpp) { facts[path]?.operatorName = nil }
            if modems[path]?.isEmpty == true {
                modems[path] = nil
                facts[path] = nil
            }
            checkCallModem(now, &events)
        } else if message.isSignal(ModemManagerNames.voice, "CallAdded") {
            guard case .success(let modemPath) = chosenModem, message.path == modemPath, let path = arguments.first?.text else { return }
            if case .current(let current) = call, current.path == path { return }
            inspect(path, now, &events)
        } else if message.isSignal(ModemManagerNames.voice, "CallDeleted") {
            guard let path = arguments.first?.text else { return }
            waiting.remove(path)
            released.remove(path)
            if case .current(let current) = call, current.path == path {
                let end = CallEnd(modemManagerReason: nil, direction: current.direction, wasConnected: current.connected, hungUpHere: current.hangingUp)
                endCall(end, now, &events, delete: false)
            }
        } else if message.isSignal(ModemManagerNames.properties, "PropertiesChanged") {
            guard manager == .running, modems[message.path] != nil, let interface = arguments.first?.text else { return }
            facts[message.path, default: .init()].take(interface, arguments.dropFirst().first?.dictionary ?? [:])
        } else if message.isSignal(ModemManagerNames.modem, "StateChanged") {
            guard manager == .running, modems[message.path] != nil, arguments.count >= 2 else { return }
            takeModemState(message.path, arguments[1].integer)
            enableIfDisabled(now, &events)
        } else if message.isSignal(ModemManagerNames.call, "StateChanged") {
            guard arguments.count >= 3, let new = arguments[1].integer else { return }
            let state = ModemManagerCallState(rawValue: new)
            let reason = arguments[2].integer.flatMap(ModemManagerCallStateReason.init(rawValue:))
            if case .current(let current) = call, current.path == message.path {
                follow(current, to: state, reason: reason, now, &events)
            } else if second?.path == message.path {
                followSecond(to: state, reason: reason, now, &events)
            } else if waiting.contains(message.path) {
                followWaiting(message.path, to: state, now, &events)
            } else if state == .terminated, released.remove(message.path) != nil {
                deleteCall(message.path, now, &events)
            }
        }
    }

    /// Asks for the properties of a call ModemManager added, to see whether it rings here.
    private func inspect(_ path: String, _ now: Microseconds, _ events: inout [LineEvent]) {
        let getAll = BusCall(
            destination: ModemManagerNames.service, path: path, interface: ModemManagerNames.properties, member: "GetAll",
            arguments: [.string(ModemManagerNames.call)])
        send(getAll, for: .inspect(path), now, &events)
    }

    /// A call ModemManager added, with its properties: one ringing here is the current call,
    /// or is hung up when there is one already; calls dialled here are the line's own or
    /// another program's.
    private func takeAddedCall(_ path: String, _ properties: [String: DBusValue], _ now: Microseconds, _ events: inout [LineEvent]) {
        let direction = properties["Direction"]?.integer.flatMap(ModemManagerCallDirection.init(rawValue:))
        let state = properties["State"]?.integer.flatMap(ModemManagerCallState.init(rawValue:))
        guard direction == .incoming, case .success(let modemPath) = chosenModem else { return }
        if state == .terminated {
            // Rang and gave up before the line saw it: a call nobody follows, tidied away.
            deleteCall(path, now, &events)
            return
        }
        guard state == .ringingIn || state == .waiting else { return }
        let number = properties["Number"]?.text ?? ""
        if case .current(let current) = call, current.path == path { return }
        if second?.path == path { return }
        if case .current(let current) = call, current.connected, second == nil {
            second = SecondCall(path: path, since: now)
            events.append(.log(.info, "modemmanager: a second call from \(number.isEmpty ? "a withheld number" : number) is waiting"))
            events.append(.waiting(LineCallID(path), number: number, name: nil))
            return
        }
        guard call == .none else {
            // Never hung up: see the type's comment.
            guard waiting.count < Self.waitingLimit else {
                return events.append(.log(.warning, "modemmanager: \(Self.waitingLimit) calls wait already; not following \(path)"))
            }
            waiting.insert(path)
            events.append(
                .log(.notice, "modemmanager: a second call from \(number.isEmpty ? "a withheld number" : number) is waiting; the current call goes on"))
            return
        }
        takeRinging(path, number: number, modem: modemPath, &events)
    }

    private func takeRinging(_ path: String, number: String, modem: String, _ events: inout [LineEvent]) {
        call = .current(CurrentCall(path: path, modem: modem, direction: .incoming, rang: true))
        events.append(.log(.info, "modemmanager: incoming call from \(number.isEmpty ? "a withheld number" : number)"))
        events.append(.incoming(number: number, name: nil))
    }

    /// Follows a call left waiting: over, it is deleted; ringing here once the current call is
    /// over, it is the new current call (its number read again).
    private func followWaiting(_ path: String, to state: ModemManagerCallState?, _ now: Microseconds, _ events: inout [LineEvent]) {
        switch state {
        case .terminated:
            waiting.remove(path)
            events.append(.log(.info, "modemmanager: the waiting call \(path) is over"))
            deleteCall(path, now, &events)
        case .ringingIn where call == .none:
            waiting.remove(path)
            inspect(path, now, &events)
        default:
            break
        }
    }

    /// Follows the current call to `state`.
    private func follow(
        _ current: CurrentCall, to state: ModemManagerCallState?, reason: ModemManagerCallStateReason?, _ now: Microseconds, _ events: inout [LineEvent]
    ) {
        var next = current
        switch state {
        case .ringingOut where current.direction == .outgoing && !current.rang && !current.connected:
            next.rang = true
            call = .current(next)
            events.append(.ringing)
        case .active where !current.connected:
            next.connected = true
            call = .current(next)
            events.append(.connected)
            sendNextTone(now, &events)
        case .ringingIn where current.waitingToRing:
            next.waitingToRing = false
            call = .current(next)
            if current.answerWhenRinging { send(callMethod(current.path, "Accept"), for: .accept(current.path), now, &events) }
        case .held where current.connected && !current.held:
            next.held = true
            call = .current(next)
            events.append(.call(LineCallID(current.path), .held))
        case .active where current.held:
            next.held = false
            call = .current(next)
            events.append(.call(LineCallID(current.path), .resumed))
        case .terminated:
            let end = CallEnd(modemManagerReason: reason, direction: current.direction, wasConnected: current.connected, hungUpHere: current.hangingUp)
            if current.starting, !current.hangingUp {
                // ModemManager says the state (with no reason, or a guess made from it) before
                // Start's error reply, which says why: the end waits for that reply.
                if next.endedBeforeStartAnswered != .busy { next.endedBeforeStartAnswered = end }
                call = .current(next)
                return
            }
            endCall(end, now, &events, delete: true)
        default:
            break
        }
    }

    /// Ends the current call (if any) for `end`, deleting it from ModemManager when `delete`.
    private func endCall(_ end: CallEnd, _ now: Microseconds, _ events: inout [LineEvent], delete: Bool) {
        let path: String?
        switch call {
        case .none: return
        case .creating: path = nil
        case .current(let current): path = current.path
        }
        let modem: String? = if case .current(let current) = call { current.modem } else { nil }
        call = .none
        hangUpBy = nil
        tones = []
        toneInFlight = false
        events.append(.log(.info, "modemmanager: call \(path ?? "") ended: \(end)"))
        events.append(.ended(end))
        if delete, let path { deleteCall(path, now, &events) }
        if let next = second, let modem {
            // The other call is the current one now: still waiting, or held.
            second = nil
            call = .current(
                CurrentCall(
                    path: next.path, modem: modem, direction: .incoming, rang: true, connected: next.connected, held: next.held,
                    waitingToRing: !next.connected && !next.ringsHere))
        }
    }

    func deleteCall(_ path: String, _ now: Microseconds, _ events: inout [LineEvent]) {
        guard case .success(let modemPath) = chosenModem else { return }
        send(voice(modemPath, "DeleteCall", [.objectPath(path)]), for: .deleteCall(path), now, &events)
    }

    /// Sends the next queued tone when none is on its way. ModemManager before 1.26 sends only
    /// the first tone of a `SendDtmf`, so each goes alone, after the last one's answer.
    private func sendNextTone(_ now: Microseconds, _ events: inout [LineEvent]) {
        guard !toneInFlight, !tones.isEmpty, case .current(let current) = call, current.connected else { return }
        let tone = tones.removeFirst()
        var sendDtmf = callMethod(current.path, "SendDtmf")
        sendDtmf.arguments = [.string(String(tone))]
        toneInFlight = send(sendDtmf, for: .sendTone(current.path), now, &events)
    }

    // MARK: Messages

    func voice(_ modemPath: String, _ member: String, _ arguments: [DBusValue]) -> BusCall {
        BusCall(destination: ModemManagerNames.service, path: modemPath, interface: ModemManagerNames.voice, member: member, arguments: arguments)
    }

    func callMethod(_ path: String, _ member: String) -> BusCall {
        BusCall(destination: ModemManagerNames.service, path: path, interface: ModemManagerNames.call, member: member)
    }

    /// A D-Bus error as the log and the screen show it, with what to do when t9dial is not
    /// allowed to make calls.
    static func explain(name: String, message: String) -> String {
        let text = message.isEmpty ? name : message
        // ModemManager's Unauthorized is also "only emergency calls allowed": polkit's word only
        // when it names PolicyKit.
        guard name.hasSuffix(".AccessDenied") || name.hasSuffix(".Unauthorized") && text.contains("PolicyKit") else { return text }
        return text + "; polkit must let t9dial's user use ModemManager: \(polkitRuleHint)"
    }

    /// Where the polkit rule that lets t9dial use ModemManager is installed.
    public static let polkitRuleHint =
        "is \(polkitRuleName) in /usr/share/polkit-1/rules.d (the .deb, make install PREFIX=/usr) or /etc/polkit-1/rules.d (make install), and does it name your user?"
    public static let polkitRuleName = "50-t9dial-modemmanager.rules"

    /// `events`, with a `.problem` event when the problem changed, and a `.lineState` event
    /// when the modem's signal or network did.
    func finish(_ events: [LineEvent]) -> [LineEvent] {
        var events = events
        let state = lineState
        if state != reportedLineState {
            reportedLineState = state
            events.append(.lineState(state))
        }
        let current = problem
        guard current != reportedProblem else { return events }
        reportedProblem = current
        return events + [.problem(current)]
    }

    /// The chosen modem's signal and network; nothing known without ModemManager or a modem.
    var lineState: LineState {
        guard connection != nil, manager == .running, case .success(let path) = chosenModem else { return LineState() }
        return facts[path]?.lineState ?? LineState()
    }

    /// Why ModemManager refused to start a call that is not an emergency one (its words:
    /// `text`): it allows only emergency calls on a modem without a SIM, with its SIM locked,
    /// or not registered.
    private func emergencyOnly(_ modem: String, _ text: String) -> String {
        let why =
            if facts[modem]?.hasNoSIM == true {
                "no SIM"
            } else if modemStates[modem] == .locked {
                "the SIM is locked (unlock it with sudo mmcli -i any --pin=PIN)"
            } else {
                "the modem is not registered on a network"
            }
        return "\(why): only emergency numbers can be dialled (ModemManager: \(text))"
    }

    /// The line's problem on a modem without a SIM, which dials only emergency numbers.
    public static let noSIMProblem = "no SIM in the modem: only emergency numbers can be dialled"
    /// The line's problem on a modem whose SIM waits for its PIN: emergency numbers only too.
    public static let lockedSIMProblem = "the modem's SIM is locked: only emergency numbers can be dialled; unlock it with sudo mmcli -i any --pin=PIN"
}
