// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
public import InputEvents
import TerminalText

/// Follows an AT modem's calls, with time as an input and no I/O: fed each line the modem
/// sends, the user's requests and the time, it gives the `LineEvent`s for the dialer and the
/// AT commands to send (3GPP TS 27.007, ITU-T V.250). `ModemCallLine` moves the bytes.
///
/// - Commands go one at a time: one in flight, the rest queued, each failed after its
///   time-out so the queue goes on. Lines starting with `AT` are the modem's echo of them.
/// - An outgoing call exists once `ATD<number>;` answers `OK`. While a call exists the modem
///   is asked `AT+CLCC` every `Timing.listInterval`, and never otherwise: with no call there
///   is no deadline. The list says when the far end rings (`.ringing`) and answers
///   (`.connected`), and a call that has left it has ended (one never listed yet is given
///   `unlistedLimit` lists: some modems list a call a moment after setting it up).
/// - The modem's own reports end a call too: `NO CARRIER`, `BUSY`, `NO ANSWER`, `NO DIALTONE`.
/// - `RING` (or `+CRING: VOICE`) starts an incoming call, reported once with the number of the
///   `+CLIP:` that follows it (`AT+CLIP=1` is sent at `start`) or of the call list. It is
///   answered with `ATA`; a call is ended with `AT+CHUP`, or `ATH` where CHUP is refused.
/// - DTMF goes as `AT+VTS=<tone>`, one tone a command.
/// - A hang-up never waits on the modem: a dial or answer in flight is aborted at once with a
///   character (ITU-T V.250: any character received during call setup aborts it), and the call
///   is over for the dialer within `Timing.hangUpWait` whatever the modem says, its hang-up
///   command still sent.
/// - A second incoming call while one exists is turned away with `AT+CHLD=0` (busy) and
///   never reported; with `callWaiting` it is followed instead, a waiting or held call
///   (`ModemCallTracker+Waiting.swift`: `AT+CCWA=1`, `AT+CHLD`, `AT+CMUT`, `AT+CLVL`).
public struct ModemCallTracker: Sendable {
    /// The tracker's times, in microseconds.
    public struct Timing: Sendable, Hashable {
        /// How often `AT+CLCC` is asked while a call exists.
        public var listInterval: Microseconds
        /// How long a command may go unanswered before it is given up.
        public var commandTimeout: Microseconds
        /// How long `ATD` and `ATA` may go unanswered: some modems answer them only once the
        /// call is connected.
        public var callSetupTimeout: Microseconds
        /// How long a call ringing here waits for its number (`+CLIP`, the call list) before
        /// it is reported without one.
        public var callerNumberWait: Microseconds
        /// With a modem that refuses `AT+CLCC`: how long a call ringing here may go without a
        /// `RING` before it counts as given up (missed). `RING` comes every few seconds.
        public var ringSilence: Microseconds
        /// How long a hang-up waits for the modem's word before the call is over all the same:
        /// the hang-up key and quitting act within it, whatever the modem does.
        public var hangUpWait: Microseconds

        public init(
            listInterval: Microseconds = 1_000_000, commandTimeout: Microseconds = 5_000_000, callSetupTimeout: Microseconds = 60_000_000,
            callerNumberWait: Microseconds = 1_000_000, ringSilence: Microseconds = 12_000_000, hangUpWait: Microseconds = 800_000
        ) {
            self.listInterval = listInterval
            self.commandTimeout = commandTimeout
            self.callSetupTimeout = callSetupTimeout
            self.callerNumberWait = callerNumberWait
            self.ringSilence = ringSilence
            self.hangUpWait = hangUpWait
        }
    }

    /// What one step gives, in order: events for the dialer, commands for the modem (each
    /// without its CR), and whether to abort the dial or answer in flight first.
    public struct Step: Sendable, Hashable {
        public var events: [LineEvent] = []
        public var commands: [String] = []
        /// Send one character before the commands, at once: it aborts the call setup (`ATD`,
        /// `ATA`) the modem is busy with, which then answers it.
        public var abortsCallSetup = false

        public init(events: [LineEvent] = [], commands: [String] = [], abortsCallSetup: Bool = false) {
            self.events = events
            self.commands = commands
            self.abortsCallSetup = abortsCallSetup
        }
    }

    /// How far the current call has come.
    enum Phase: Sendable, Hashable {
        /// `ATD` sent, not answered yet.
        case placing
        /// `ATD` answered: the network is setting the call up.
        case dialling
        /// The far end rings, or the call rings here.
        case ringing
        case connected
    }

    /// The call the tracker follows.
    struct Call: Sendable, Hashable {
        var direction: CallDirection
        var phase: Phase
        /// Its index in the modem's call list, once a list or a `+CLCC` report has shown it.
        var index: Int?
        /// The caller's number, as far as known (incoming calls).
        var number = ""
        /// Whether `.incoming` has been said (incoming calls).
        var reported = false
        /// When it started ringing here, and when `RING` last came (incoming calls).
        var since: Microseconds
        var lastRing: Microseconds
        /// The user asked to end it: however it ends now, it is `.hungUpHere`.
        var hangingUp = false
        /// When the call is over for the dialer, hung up, even if the modem has not said so.
        var hangUpBy: Microseconds?
        /// Held here (`AT+CHLD=2`).
        var held = false
        /// Muted here (`AT+CMUT=1`).
        var muted = false
        /// Lists in a row that did not show it, before any list has (a modem slow to list a
        /// call it has just set up).
        var unlisted = 0
    }

    /// What a command is for: what its answer means.
    enum Purpose: Sendable, Hashable {
        case callerID, dial, listCalls, answer, hangUp, hangUpWithATH, tone, turnAway, abandonDial
        /// `AT+CCWA=1`: calls waiting presented.
        case callWaitingOn
        /// `AT+CHLD=...` or `AT+CMUT=...` for the user's control.
        case control(CallControl)
        /// `AT+CLVL=?`, `AT+CLVL?`, `AT+CLVL=n` for a volume key of `step` (+1, -1).
        case volumeRange(step: Int), volumeRead(step: Int), volumeSet(level: Int)
        /// `AT+CSQ` and `AT+COPS?`, for the status line (`ModemCallTracker+LineState.swift`).
        case signal, operatorName
    }

    struct Command: Sendable, Hashable {
        var text: String
        var purpose: Purpose
    }

    struct InFlight: Sendable, Hashable {
        var command: Command
        var deadline: Microseconds
    }

    public let timing: Timing
    /// Whether a second call is followed (waiting, then answered, held, swapped) rather than
    /// turned away busy.
    public let callWaiting: Bool
    var call: Call?
    /// The second call, with `callWaiting`: ringing here during the current one, or held.
    var second: Call?
    /// A `+CCWA:` came: the number of the call waiting, until a list shows it.
    var announcedWaiting: String?
    /// The modem's volume range and level (`AT+CLVL`), once asked.
    var volumeRange: ClosedRange<Int>?
    var volumeLevel: Int?
    var queue: [Command] = []
    private(set) var inFlight: InFlight?
    /// The calls listed so far by the `AT+CLCC` in flight.
    private var listed: [ModemListedCall] = []
    /// When `AT+CLCC` is next due; nil with no call, and while one is queued.
    var nextListing: Microseconds?
    /// The modem answered `AT+CLCC` with an error: calls are followed by its reports alone.
    private(set) var listingRefused = false
    /// The signal and operator the modem last gave, when last asked, and what was last said.
    var lineState = ModemLineState()
    /// Commands given up in a row: a modem that stops answering loses its call.
    private var unanswered = 0
    /// `start`'s command went unanswered, and nothing has been answered since.
    private var startUnanswered = false
    /// The modem has answered a command since `start`.
    public private(set) var hasAnswered = false
    /// The indexes of second calls turned away during the current call.
    private var turnedAway: Set<Int> = []

    /// Commands that time out in a row before the current call is given up as lost.
    static let unansweredLimit = 3
    /// The most calls one `AT+CLCC` answer is read for, and the most second calls turned away
    /// during one call: what a modem sends is bounded, whatever it sends.
    static let listedLimit = 16
    /// Lists in a row that may leave out a call never listed before it counts as gone.
    static let unlistedLimit = 3
    /// The most of a modem's line a log line quotes.
    static let quoteLimit = 120

    public init(timing: Timing = Timing(), callWaiting: Bool = false) {
        self.timing = timing
        self.callWaiting = callWaiting
    }

    /// Whether a call exists (dialled, ringing here, or connected).
    public var hasCall: Bool { call != nil }

    /// Whether the modem seems not to answer at all: the first command after `start` went
    /// unanswered, or two in a row did, and nothing has answered since (a port that is not
    /// the modem's AT port, or a modem that hangs).
    public var isSilent: Bool { startUnanswered || unanswered >= 2 }

    /// When the tracker must next be woken (`advance`): the command in flight's time-out, the
    /// next `AT+CLCC`, an incoming call's wait for its number; nil when it waits only for the
    /// modem, and always when there is no call and no command under way.
    public var nextDeadline: Microseconds? {
        var deadlines: [Microseconds] = []
        if let inFlight { deadlines.append(inFlight.deadline) }
        if let nextListing, !isPending(.listCalls) { deadlines.append(nextListing) }
        if let call, call.direction == .incoming, call.phase == .ringing {
            if !call.reported { deadlines.append(call.since.addingSaturated(timing.callerNumberWait)) }
            if listingRefused { deadlines.append(call.lastRing.addingSaturated(timing.ringSilence)) }
        }
        if let hangUpBy = call?.hangUpBy { deadlines.append(hangUpBy) }
        return deadlines.min()
    }

    // MARK: Inputs

    /// The port is open: forgets what went before, and asks for the caller's number with
    /// each `RING` (`AT+CLIP=1`).
    public mutating func start(at now: Microseconds) -> Step {
        self = ModemCallTracker(timing: timing, callWaiting: callWaiting)
        var step = Step()
        queue.append(Command(text: "AT+CLIP=1", purpose: .callerID))
        if callWaiting { queue.append(Command(text: "AT+CCWA=1", purpose: .callWaitingOn)) }
        settle(now, &step)
        return step
    }

    /// The port closed (it went away, or the line stopped): the commands under way are
    /// forgotten, and a call is lost for `reason`.
    public mutating func portClosed(reason: String) -> Step {
        var step = Step()
        if let lost = second {
            second = nil
            step.events.append(.call(Self.id(of: lost), .ended(.failed(reason))))
        }
        end(.failed(reason), &step)
        self = ModemCallTracker(timing: timing, callWaiting: callWaiting)
        return step
    }

    /// Runs what is due by `now`: time-outs, the next `AT+CLCC`, a number waited for.
    public mutating func advance(to now: Microseconds) -> Step {
        stepping(at: now) { _, _ in }
    }

    /// Takes one line the modem sent, without its line end.
    public mutating func receive(_ line: String, at now: Microseconds) -> Step {
        var step = Step()
        let text = line.trimmingBlanks()
        let upper = text.uppercased()
        if text.isEmpty || upper.hasPrefix("AT") {
            // Nothing, or the echo of a command (ATE1, the default).
        } else if let code = FinalResultCode(text) {
            takeFinal(code, now, &step)
        } else if let listedCall = ModemListedCall(line: text) {
            if inFlight?.command.purpose == .listCalls {
                // A modem lists a handful of calls (3GPP: 7 at most); more is a port gone wrong.
                if listed.count < Self.listedLimit { listed.append(listedCall) }
            } else {
                update(with: listedCall, &step)
            }
        } else if upper.hasPrefix("+CCWA:") {
            callWaitingAnnounced(ModemListedCall.fields(of: text.dropFirst(6)).first ?? "", now, &step)
        } else if upper.hasPrefix("+CLVL:") {
            volumeAnswer(text.dropFirst(6))
        } else if upper.hasPrefix("+CLCC:") {
            step.events.append(.log(.debug, "modem: a call list line not understood: \(Self.quote(text))"))
        } else if upper == "RING" || (upper.hasPrefix("+CRING:") && upper.contains("VOICE")) {
            ring(now, &step)
        } else if upper.hasPrefix("+CLIP:") {
            ring(now, &step)
            callerNumber(ModemListedCall.fields(of: text.dropFirst(6)).first ?? "", &step)
        } else if upper.hasPrefix("+CSQ:") || upper.hasPrefix("+COPS:") {
            takeLineState(text, &step)
        } else {
            step.events.append(.log(.debug, "modem: \(Self.quote(text))"))
        }
        settle(now, &step)
        return step
    }

    /// Dials `number` as `ATD<number>;` (a voice call): prepared as every method prepares it,
    /// it holds nothing but what a phone dials, so nothing else reaches the modem. During a
    /// call it is refused with a warning: the dialer dials only when idle.
    public mutating func dial(_ number: DialNumber, at now: Microseconds) -> Step {
        stepping(at: now) { tracker, step in
            guard tracker.call == nil else {
                step.events.append(.log(.warning, "modem: not dialling \(number.dialString): a call is under way"))
                return
            }
            tracker.call = Call(direction: .outgoing, phase: .placing, since: now, lastRing: now)
            tracker.queue.append(Command(text: "ATD\(number.dialString);", purpose: .dial))
        }
    }

    /// Answers the call ringing here (`ATA`).
    public mutating func answer(at now: Microseconds) -> Step {
        stepping(at: now) { tracker, step in
            guard let call = tracker.call, call.direction == .incoming, call.phase == .ringing, !call.hangingUp else {
                step.events.append(.log(.info, "modem: no call ringing here to answer"))
                return
            }
            if !tracker.isPending(.answer) { tracker.queue.append(Command(text: "ATA", purpose: .answer)) }
        }
    }

    /// Ends the current call, under way or ringing here (`AT+CHUP`; `ATH` if it is refused).
    /// It is `.ended(.hungUpHere)` once the modem says so.
    public mutating func hangUp(at now: Microseconds) -> Step {
        stepping(at: now) { tracker, step in
            guard let call = tracker.call else {
                step.events.append(.log(.info, "modem: no call to hang up"))
                return
            }
            guard !call.hangingUp else { return }
            tracker.call?.hangingUp = true
            tracker.call?.hangUpBy = now.addingSaturated(tracker.timing.hangUpWait)
            tracker.queue.removeAll { $0.purpose == .answer || $0.purpose == .tone }
            if let queued = tracker.queue.firstIndex(where: { $0.purpose == .dial }) {
                // Not sent yet: nothing to hang up.
                tracker.queue.remove(at: queued)
                tracker.end(.hungUpHere, &step)
                return
            }
            if let inFlight = tracker.inFlight, inFlight.command.purpose == .dial || inFlight.command.purpose == .answer {
                step.abortsCallSetup = true
                tracker.inFlight?.deadline = min(inFlight.deadline, now.addingSaturated(tracker.timing.hangUpWait))
                step.events.append(.log(.info, "modem: aborting \(inFlight.command.text) to hang up"))
            }
            if tracker.second != nil, let index = call.index {
                // AT+CHUP may end every call: only this one is released (3GPP 27.007 CHLD 1x).
                tracker.queue.append(Command(text: "AT+CHLD=1\(index)", purpose: .hangUp))
            } else {
                tracker.queue.append(Command(text: "AT+CHUP", purpose: .hangUp))
            }
        }
    }

    /// Sends `tones` as DTMF through the connected call, one `AT+VTS` each; characters that
    /// are not tones (`0`–`9`, `*`, `#`, `A`–`D`) are left out.
    public mutating func sendTones(_ tones: String, at now: Microseconds) -> Step {
        stepping(at: now) { tracker, step in
            guard let call = tracker.call, call.phase == .connected, !call.hangingUp else {
                step.events.append(.log(.info, "modem: no connected call to send \(Self.quote(tones)) through"))
                return
            }
            for tone in tones.uppercased() where "0123456789*#ABCD".contains(tone) {
                tracker.queue.append(Command(text: "AT+VTS=\(tone)", purpose: .tone))
            }
        }
    }

    /// Runs `body`, then what is due by `now`: every input ends the same way, so no deadline
    /// is left behind in the past.
    mutating func stepping(at now: Microseconds, _ body: (inout ModemCallTracker, inout Step) -> Void) -> Step {
        var step = Step()
        body(&self, &step)
        settle(now, &step)
        return step
    }

    // MARK: Time

    /// Runs what is due by `now`, then sends the next command if none is in flight.
    private mutating func settle(_ now: Microseconds, _ step: inout Step) {
        if let inFlight, now >= inFlight.deadline {
            self.inFlight = nil
            timedOut(inFlight.command, &step)
        }
        if let hangUpBy = call?.hangUpBy, now >= hangUpBy {
            // The modem has not confirmed: the call is over here, and its hang-up goes on.
            let hangUps = queue.filter { $0.purpose == .hangUp || $0.purpose == .hangUpWithATH }
            step.events.append(.log(.warning, "modem: no word from the modem \(Self.seconds(timing.hangUpWait)) after the hang-up; the call is over here"))
            end(.hungUpHere, &step)
            queue += hangUps
        }
        if let call, call.direction == .incoming, call.phase == .ringing {
            if !call.reported, now >= call.since.addingSaturated(timing.callerNumberWait) {
                report(&step)
            }
            if listingRefused, now >= call.lastRing.addingSaturated(timing.ringSilence) {
                end(.hungUpThere, &step)
            }
        }
        // A list still waiting for its answer puts the next one off until it has come.
        if let due = nextListing, now >= due, !isPending(.listCalls) {
            nextListing = nil
            queue.append(Command(text: "AT+CLCC", purpose: .listCalls))
        }
        guard inFlight == nil, !queue.isEmpty else { return }
        let command = queue.removeFirst()
        let timeout = command.purpose == .dial || command.purpose == .answer ? timing.callSetupTimeout : timing.commandTimeout
        inFlight = InFlight(command: command, deadline: now.addingSaturated(timeout))
        if command.purpose == .listCalls {
            listed = []
            nextListing = now.addingSaturated(timing.listInterval)
        }
        step.commands.append(command.text)
    }

    /// A command the modem did not answer in time.
    private mutating func timedOut(_ command: Command, _ step: inout Step) {
        let timeout = command.purpose == .dial || command.purpose == .answer ? timing.callSetupTimeout : timing.commandTimeout
        let aborted = call?.hangingUp == true && (command.purpose == .dial || command.purpose == .answer)
        let said = aborted ? "the modem did not answer the abort of \(command.text)" : "the modem did not answer \(command.text) in \(Self.seconds(timeout))"
        step.events.append(.log(.warning, "modem: " + said))
        unanswered += 1
        if command.purpose == .callerID { startUnanswered = true }
        switch command.purpose {
        case .dial where call?.phase == .placing:
            end(.failed(said), &step)
            queue.insert(Command(text: "ATH", purpose: .abandonDial), at: 0)
        case .hangUp:
            queue.insert(Command(text: "ATH", purpose: .hangUpWithATH), at: 0)
        case .hangUpWithATH:
            call?.hangingUp = false
        case .listCalls:
            listed = []
        case .callerID, .dial, .answer, .tone, .turnAway, .abandonDial, .callWaitingOn, .control, .volumeRange, .volumeRead, .volumeSet,
            .signal, .operatorName:
            break
        }
        if unanswered >= Self.unansweredLimit, call != nil {
            end(.failed("the modem stopped answering (\(unanswered) commands in a row)"), &step)
        }
    }

    // MARK: What the modem says

    /// A final result code: the answer to the command in flight, or a report of the call.
    private mutating func takeFinal(_ code: FinalResultCode, _ now: Microseconds, _ step: inout Step) {
        let reportsCall = [.busy, .noCarrier, .noAnswer, .noDialTone].contains(code)
        // Any answer, even a late one, is a modem that answers.
        unanswered = 0
        startUnanswered = false
        hasAnswered = true
        guard let inFlight else {
            if reportsCall {
                callEnded(by: code, &step)
            } else {
                step.events.append(.log(.debug, "modem: \(code) to no command"))
            }
            return
        }
        // BUSY, NO CARRIER... answer ATD and ATA; during any other command they are the
        // call's reports, and that command still waits for its own answer.
        if reportsCall, inFlight.command.purpose != .dial, inFlight.command.purpose != .answer {
            callEnded(by: code, &step)
            return
        }
        self.inFlight = nil
        answered(inFlight.command, code, now, &step)
    }

    /// The modem's answer to `command`.
    private mutating func answered(_ command: Command, _ code: FinalResultCode, _ now: Microseconds, _ step: inout Step) {
        let succeeded = code == .ok || code == .connect
        switch command.purpose {
        case .callerID where !succeeded:
            step.events.append(.log(.notice, "modem: \(command.text) refused (\(code)): calls ringing here come without their number"))
        case .dial:
            guard let call else { break }
            if succeeded {
                if call.phase == .placing { self.call?.phase = .dialling }
                step.events.append(.log(.info, "modem: \(command.text) \(code): dialling"))
                if !listingRefused { nextListing = now }
            } else {
                callEnded(by: code, &step)
            }
        case .listCalls:
            if succeeded {
                takeList(&step)
            } else {
                listingRefused = true
                nextListing = nil
                step.events.append(.log(.notice, "modem: AT+CLCC refused (\(code)): calls are followed by the modem's reports alone"))
            }
            listed = []
        case .answer:
            if succeeded {
                connect(&step)
            } else if [.busy, .noCarrier, .noAnswer, .noDialTone].contains(code) {
                callEnded(by: code, &step)
            } else {
                step.events.append(.log(.warning, "modem: ATA refused (\(code)); the call still rings"))
            }
        case .hangUp, .hangUpWithATH:
            if succeeded {
                end(.hungUpHere, &step)
            } else if command.purpose == .hangUp {
                step.events.append(.log(.info, "modem: AT+CHUP refused (\(code)); hanging up with ATH"))
                queue.insert(Command(text: "ATH", purpose: .hangUpWithATH), at: 0)
            } else {
                step.events.append(.log(.error, "modem: ATH refused (\(code)): the call goes on"))
                call?.hangingUp = false
            }
        case .tone where !succeeded, .turnAway where !succeeded:
            step.events.append(.log(.warning, "modem: \(command.text) refused (\(code))"))
        case .callWaitingOn, .control, .volumeRange, .volumeRead, .volumeSet:
            answeredControl(command, succeeded: succeeded, code, &step)
        case .callerID, .tone, .turnAway, .abandonDial, .signal, .operatorName:
            break
        }
    }

    /// `BUSY`, `NO CARRIER`, `NO ANSWER`, `NO DIALTONE`, `ERROR`: the current call is over.
    private mutating func callEnded(by code: FinalResultCode, _ step: inout Step) {
        guard let call else {
            step.events.append(.log(.debug, "modem: \(code) with no call"))
            return
        }
        if second != nil, !listingRefused {
            // Which of the two calls ended, the list says.
            step.events.append(.log(.info, "modem: \(code) with two calls: listing them"))
            nextListing = 0
            return
        }
        switch code {
        case .busy: end(.busy, &step)
        case .noAnswer: end(.noAnswer, &step)
        case .noDialTone: end(.failed("no dial tone"), &step)
        case .noCarrier where call.phase == .connected || call.direction == .incoming: end(.hungUpThere, &step)
        case .noCarrier: end(.failed("no carrier"), &step)
        case .error(let text): end(.failed(String(text.prefix(Self.quoteLimit))), &step)
        case .ok, .connect: break
        }
    }

    /// The calls the last `AT+CLCC` listed: the current call's progress, or its end when it
    /// has left the list; a second call ringing is turned away.
    private mutating func takeList(_ step: inout Step) {
        guard let call else { return }
        let current = listed.first { listedCall in
            if let index = call.index { return listedCall.index == index }
            return listedCall.isIncoming == (call.direction == .incoming) && listedCall.state != nil
        }
        guard let current, current.state != nil else {
            guard call.phase != .placing else { return }
            if call.index == nil, call.unlisted + 1 < Self.unlistedLimit {
                self.call?.unlisted += 1
                return
            }
            end(call.phase == .connected || call.direction == .incoming ? .hungUpThere : .noAnswer, &step)
            return
        }
        update(with: current, &step)
        // Call waiting is for a connected call; before, a second call is turned away busy.
        if callWaiting, self.call?.phase == .connected || second != nil {
            followSecond(in: listed, current: current.index, &step)
            return
        }
        for other in listed where other.index != current.index && other.isIncoming && !turnedAway.contains(other.index) {
            guard other.state == .incoming || other.state == .waiting else { continue }
            guard turnedAway.count < Self.listedLimit else { break }
            turnedAway.insert(other.index)
            step.events.append(.log(.notice, "modem: a second call rings (\(Self.quote(other.number))): turned away as busy"))
            queue.append(Command(text: "AT+CHLD=0", purpose: .turnAway))
        }
    }

    /// What a listed call says of the current call, if it is that call (or may be: the first
    /// call listed the way it goes, until the call has an index).
    private mutating func update(with listedCall: ModemListedCall, _ step: inout Step) {
        guard var call, !call.hangingUp, listedCall.isIncoming == (call.direction == .incoming) else { return }
        guard call.index == nil || call.index == listedCall.index else { return }
        call.index = listedCall.index
        if call.number.isEmpty { call.number = listedCall.number }
        self.call = call
        switch (call.direction, listedCall.state) {
        case (.outgoing, .alerting) where call.phase == .placing || call.phase == .dialling:
            self.call?.phase = .ringing
            step.events.append(.ringing)
        case (.incoming, .incoming), (.incoming, .waiting):
            report(&step)
        case (_, .active) where call.phase != .connected:
            report(&step)
            connect(&step)
        default:
            break
        }
    }

    /// `RING`: a call starts ringing here, or rings on.
    private mutating func ring(_ now: Microseconds, _ step: inout Step) {
        guard let call else {
            call = Call(direction: .incoming, phase: .ringing, since: now, lastRing: now)
            step.events.append(.log(.info, "modem: a call rings here"))
            if !listingRefused { nextListing = now }
            return
        }
        if call.direction == .incoming, call.phase == .ringing {
            self.call?.lastRing = now
        } else {
            step.events.append(.log(.debug, "modem: a second call rings during the call"))
        }
    }

    /// The caller's number (`+CLIP`): the call ringing here is reported with it.
    private mutating func callerNumber(_ number: String, _ step: inout Step) {
        guard let call, call.direction == .incoming, call.phase == .ringing, !call.reported else { return }
        self.call?.number = number
        report(&step)
    }

    /// Says `.incoming` for the call ringing here, once.
    private mutating func report(_ step: inout Step) {
        guard let call, call.direction == .incoming, !call.reported else { return }
        self.call?.reported = true
        step.events.append(.incoming(number: call.number, name: nil))
    }

    /// The current call is connected.
    private mutating func connect(_ step: inout Step) {
        guard let call, call.phase != .connected else { return }
        self.call?.phase = .connected
        step.events.append(.connected)
    }

    /// The current call is over, for `reason` (`.hungUpHere` whatever it is once the user
    /// asked to end it); its commands not yet sent go with it.
    mutating func end(_ reason: CallEnd, _ step: inout Step) {
        guard let call else { return }
        report(&step)
        step.events.append(.ended(call.hangingUp ? .hungUpHere : reason))
        self.call = nil
        nextListing = nil
        turnedAway = []
        queue.removeAll { $0.purpose != .callerID && $0.purpose != .abandonDial && $0.purpose != .callWaitingOn }
        if let next = second {
            // The other call is the current one now: still waiting, or held.
            self.call = next
            second = nil
            if !listingRefused { nextListing = 0 }
        }
    }

    // MARK: Helpers

    /// How many calls the `AT+CLCC` in flight has listed so far, and how many second calls
    /// were turned away during the current call (for the tests of their bounds).
    var listedCount: Int { listed.count }
    var turnedAwayCount: Int { turnedAway.count }

    func isPending(_ purpose: Purpose) -> Bool {
        inFlight?.command.purpose == purpose || queue.contains { $0.purpose == purpose }
    }

    /// A modem's text for a log line: quoted, cut at `quoteLimit` characters.
    static func quote(_ text: String) -> String {
        text.count > quoteLimit ? "\"\(text.prefix(quoteLimit))…\"" : "\"\(text)\""
    }

    static func seconds(_ microseconds: Microseconds) -> String {
        microseconds % 1_000_000 == 0 ? "\(microseconds / 1_000_000) s" : "\(Double(microseconds) / 1_000_000) s"
    }
}
