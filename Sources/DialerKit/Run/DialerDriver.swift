// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import DialOutcomes
public import DialHistory
public import DialerConfig
public import Logging
public import Phonebook
public import Telephony
public import T9Search
public import InputEvents
public import ProcessLoop
public import struct SystemPackage.FileDescriptor
import Sound
import struct Foundation.Date
import Tones

/// The dialer at work: passes each update of the machine to the display, and carries out the
/// dials, answers, hang-ups and tones among them on the dial method's line (`CallLine`),
/// feeding what the line reports back to the session.
/// Every way of running the dialer (a keypad, the terminal, a replay) goes through one, so a
/// dial behaves the same whatever the keys come from.
///
/// With a `LiveBook` attached, the book is also kept current while the dialer runs: reloaded
/// when its files change, ranked anew after each dial, synced from CardDAV; each new book is
/// swapped into the session with the query kept.
///
/// Reloads run on threads of their own, and so do the programs a line launches: the loop
/// (`DialerLoop`) waits on `sources` with its own, sleeps until `nextDeadline` at the latest,
/// and each time it wakes acts on what woke it through the driver, then has it `advance` to
/// the wake-up's time. The line is one of those sources (`.line`): what it reports goes to
/// the session, which shows it.
public final class DialerDriver {
    public let machine: DialerMachine
    /// The dial method at work.
    public private(set) var line: any CallLine
    /// The dial method a reload brought, taken up once the call under way is over.
    private var nextLine: (any CallLine)?
    /// The dial a line that only launches calls was given, until it says what came of it.
    private var launching: DialRequest?
    private var live: LiveBook?
    /// What the screen's notice line says, by topic; the most pressing one is shown.
    private var notices: [NoticeTopic: String] = [:]
    /// Where outcomes, hang-ups and the book's news are logged.
    public let logger: Logger
    /// Writes each dial into the dial history, on a thread of its own; nil when dials are not
    /// recorded (a replay, no history).
    let recorder: HistoryRecorder?
    /// The book being read at start (`loadInBackground`).
    private var startup: StartupLoad?
    /// Why the book read at start could not be read; nil while it loads, once it is loaded, and
    /// when none was read in the background.
    public private(set) var loadProblem: DialerError?
    /// Whether the book read at start is still loading.
    public var isLoading: Bool { startup != nil }
    /// How far the book read at start has got, in percent; nil when it is not loading.
    public var loadingPercent: Int? { startup?.progress.percent }

    /// The clock of the line's deadlines, of what the user does to a followed call, and of the
    /// loading's progress.
    let clock: MonotonicClock
    /// The idle screen's status line, when the run keeps one (`DialerDriver+Status.swift`).
    var status: StatusKeeper?
    /// The time of day, for the status line's clock; tests set their own.
    var wallClock: @Sendable () -> Date = { Date() }

    public init(
        machine: DialerMachine, line: any CallLine = PrintLine(), logger: Logger, recorder: HistoryRecorder? = nil,
        clock: MonotonicClock = .system
    ) {
        self.machine = machine
        self.line = line
        self.logger = logger
        self.recorder = recorder
        self.missedCallsWatch = recorder.flatMap { MissedCallsWatch(historyPath: $0.history.path) }
        self.clock = clock
        machine.session.followsCalls = line.followsCalls
    }

    /// Starts following calls before the first screen: the dial method's line (connects to
    /// baresip, opens the modem), and the count of missed calls not seen yet. The first
    /// screen's notice line then says when calls cannot be placed yet, or were missed.
    public func startCalls() {
        // The screen's idle time starts with the run (`DialerSession+Sleep.swift`).
        machine.session.wake(at: clock.now())
        showMissedCalls()
        if let recent = recorder?.recentCalls() { showRecentCalls(recent) }
        startLine()
    }

    private func startLine() {
        var discard = InMemoryDisplay()
        take(line.start(at: clock.now()), display: &discard)
    }

    /// Keeps `book` current from now on; problems it meets go to the log.
    public func keepCurrent(_ book: consuming LiveBook) {
        if let problem = book.watchProblem {
            logger.warning("\(problem); contact files are not reloaded when they change (restart t9dial after editing them)")
        }
        live = consume book
    }

    /// Reads `dialer`'s book (a dialer from `Book.prepareOrEmpty`, its book still empty) on a
    /// thread of its own, showing how far it has got on the screen's notice line; once it is
    /// in, it is searched with the query typed meanwhile and kept current as `keepCurrent`
    /// does. When it cannot be read, `loadProblem` says why and the notice line shows it.
    /// Returns the screen update, for before the first screen.
    @discardableResult
    public func loadInBackground(_ book: Book) throws(DialerError) -> [DialerUpdate] {
        do { startup = try StartupLoad(book, resultLimit: book.limit, now: clock.now()) } catch { throw .book(error) }
        loadProblem = nil
        machine.holdBackDials()
        return machine.session.setLoading(0)
    }

    /// Shows `updates` on `display` in order, and carries out the dials, answers, hang-ups and
    /// tones in them on the line. What the line says at once (the print method's outcome, a
    /// dial refused) is shown after the updates of its dial.
    public func apply(_ updates: [DialerUpdate], to display: inout some DialerDisplay) {
        var pending = updates[...]
        while let update = pending.popFirst() {
            recorder?.note(update)
            display.apply([update])
            if sound != nil { cue(cues.take(update)) }
            switch update {
            case .dial(let request):
                pending += dial(request)
            case .hangUp:
                pending += lineReports(line.hangUp(at: clock.now()))
            case .answer:
                pending += lineReports(line.answer(at: clock.now()))
            case .sendTones(let tones):
                pending += lineReports(line.sendTones(tones, at: clock.now()))
            case .callEnded(let record):
                logger.info("\(Self.logLine(record))")
                captureAfterCall()
            case .callControl(let control):
                pending += lineReports(line.control(control, at: clock.now()))
            case .dialFinished, .screen, .callWaiting:
                // A dial's end is ranked with once it is written (`collectHistory`).
                break
            }
        }
        if sound != nil { cueHandset() }
    }

    // MARK: Sound (DialerDriver+Sound.swift)

    /// Who plays the cues (`play(on:keyTones:)`); nil: the dialer is silent.
    var sound: (any SoundCueing)?
    /// The player's problems on their way to the loop; nil without a player of `startSound`.
    var soundReports: SoundReports?
    /// The player `startSound` made, shut down when the run ends (`stopSound`).
    var player: SoundPlayer?
    /// What the dialer's events sound like.
    var cues = SoundCues(keyTones: true)
    /// Changes the volume and mutes for a line that cannot (DialerDriver+Mixer.swift); nil:
    /// nothing does.
    var mixer: (any CallMixer)?
    /// Whether the mixer's capture is off for the call under way, to be switched on after it.
    var mixerMuted = false

    /// Dials `request` on the line: its number prepared once, as every method dials it
    /// (`DialNumber`), and refused here when it has nothing a phone dials.
    private func dial(_ request: DialRequest) -> [DialerUpdate] {
        let number: DialNumber
        do {
            number = try DialNumber(request.number)
        } catch {
            logger.error("calling \(request.name.map { "\($0) at " } ?? "")\(request.number): \(error.description)")
            if line.followsCalls { return machine.session.callChanged(.ended(.failed(error.description)), at: clock.now()) }
            return machine.session.dialFinished(request, DialOutcome(.failed(reason: error.description), via: line.methodName, number: request.number))
        }
        if !(line is PrintLine) {
            logger.info("calling \(request.name.map { "\($0) at " } ?? "")\(request.number) via \(line.methodName)")
        }
        if !line.followsCalls { launching = request }
        return lineReports(line.dial(number, name: request.name, at: clock.now()))
    }

    /// Shows `notice` about `topic` on the screen from now on (nil: that topic is fine again).
    /// When several topics have one, the first in `NoticeTopic`'s order is shown.
    public func post(_ notice: String?, about topic: NoticeTopic, to display: inout some DialerDisplay) {
        apply(post(notice, about: topic), to: &display)
    }

    /// Posts `notice` as above and returns the screen update, for before the first screen.
    public func post(_ notice: String?, about topic: NoticeTopic) -> [DialerUpdate] {
        notices[topic] = notice
        let shown = NoticeTopic.allCases.lazy.compactMap { self.notices[$0] }.first
        return machine.session.setNotice(shown)
    }

    /// What the loop waits on for the driver: the line (its connection or port, a program it
    /// runs), the history write under way, the contact files watched, the reloads and syncs
    /// running.
    public var sources: [EventLoop.Source<LoopSource>] {
        line.descriptors.map { EventLoop.Source(.line($0), $0) }
            + (live?.descriptors ?? []).map { EventLoop.Source(.book($0), $0) }
            + [startup?.descriptor].compactMap { $0 }.map { EventLoop.Source(.startupLoad, $0) }
            + [recorder?.descriptor].compactMap { $0 }.map { EventLoop.Source(.history, $0) }
            + [missedCallsWatch?.descriptor].compactMap { $0 }.map { EventLoop.Source(.missedCalls, $0) }
            + [soundReports?.descriptor].compactMap { $0 }.map { EventLoop.Source(.sound, $0) }
    }

    /// When the loop must wake at the latest: the dialer's next timer, a reload or sync due,
    /// the loading's percentage to show.
    public var nextDeadline: Microseconds? {
        [machine.nextDeadline, live?.deadline, startup?.nextProgress, line.nextDeadline, statusDeadline].compactMap { $0 }.min()
    }

    /// Whether work runs on a thread of its own for the driver: a program the line launched,
    /// a history write, the book read at start, or the live book's reload, new ranking or
    /// sync. Each wakes the loop through `sources` when it is over.
    public var isBusy: Bool {
        line.isWorking || recorder?.descriptor != nil || startup != nil || (live?.isBusy ?? false)
    }

    /// Runs what is due by `now`, after the loop has acted on the sources that woke it
    /// (`DialerLoop.handle`): the line, when it is readable (`lineReadable`) or its deadline
    /// has come; the book read at start, searched once it is loaded or its percentage shown; the
    /// live book, when its descriptors are readable (`bookReadable`) or a reload or sync is
    /// due; and last the dialer's timers, advanced to `now` and no further.
    func advance(lineReadable: [FileDescriptor], bookReadable: [FileDescriptor], to now: Microseconds, display: inout some DialerDisplay) {
        if !lineReadable.isEmpty || (line.nextDeadline.map { $0 <= now } ?? false) {
            take(line.wake(readable: lineReadable, at: now), display: &display)
        }
        if let startup { advanceStartupLoad(startup, at: now, display: &display) }
        if let update = live?.handle(readable: bookReadable, at: now) {
            update.messages.forEach(logger.log)
            if let book = update.book {
                startSearching(book.index, display: &display)
                ProcessMemory.returnFreedMemory()  // the old book, and what reading the new one freed
            }
        }
        apply(machine.advance(to: now), to: &display)
        refreshStatus(at: now, display: &display)
    }

    /// The history was written by another process (`t9dial history` marked the missed calls
    /// seen): the missed calls are counted anew.
    func historyWrittenElsewhere(display: inout some DialerDisplay) {
        if missedCallsWatch?.historyWritten() == true { apply(showMissedCalls(), to: &display) }
    }

    /// Takes in the book read at start once it is loaded (or what stopped it), else shows its
    /// percentage when that is due.
    private func advanceStartupLoad(_ load: StartupLoad, at now: Microseconds, display: inout some DialerDisplay) {
        guard let result = load.result() else {
            if let percent = load.percentDue(at: now) { apply(machine.session.setLoading(percent), to: &display) }
            return
        }
        startup = nil
        switch result {
        case .success(let loaded):
            var book = load.book
            book.replaceLoaded(with: loaded)
            book.sources.warnings.forEach { logger.warning("\($0)") }
            keepCurrent(LiveBook(book, watch: load.takeWatch()))
            startSearching(loaded.index, display: &display)
            apply(machine.stopHoldingBack(at: now), to: &display)
        case .failure(let error):
            loadProblem = .book(error)
            machine.dropHeldBack()
            apply(machine.session.setLoading(nil), to: &display)
            post(error.notice, about: .book, to: &display)
        }
    }

    /// Waits for the book read at start, and takes it in: for a run whose keys have ended
    /// (a pipe into `t9dial try`) before it is loaded.
    public func finishLoading(display: inout some DialerDisplay) {
        guard let startup else { return }
        _ = startup.waitForResult()
        advanceStartupLoad(startup, at: clock.now(), display: &display)
    }

    /// How many times the sources of the book kept current have been seen to change
    /// (`LiveBook.changesSeen`).
    var bookChangesSeen: Int { live?.changesSeen ?? 0 }

    /// Searches `index` from now on, keeping it current with `live`, and dials on `line` (after
    /// the call under way, if any): what a reload of the config brings. The query stays as
    /// typed and is searched again in the new book, which must have the same layouts. The same
    /// line (`===`) is kept as it is.
    public func replaceBook(_ index: SearchIndex, live: consuming LiveBook, line: any CallLine, display: inout some DialerDisplay) {
        keepCurrent(live)
        nextLine = line === self.line ? nil : line
        takeUpNextLine()
        startSearching(index, display: &display)
    }

    /// Searches `index` from now on, and warms up the keys on it (`DialerMachine.warmUpKeys`).
    private func startSearching(_ index: SearchIndex, display: inout some DialerDisplay) {
        apply(machine.session.replaceIndex(index), to: &display)
        machine.warmUpKeys(on: display)
    }

    private func takeUpNextLine() {
        // Not while a call goes on through the line, nor a program it launched: they would be cut.
        guard let next = nextLine, !line.isWorking, launching == nil, !machine.session.hasLiveCall else { return }
        line.stop()
        line = next
        nextLine = nil
        machine.session.followsCalls = next.followsCalls
        startLine()
    }

    // MARK: The line

    /// Acts on what the line reports: the call's changes go to the session, its problem to the
    /// screen's notice, its log lines to the log.
    private func take(_ events: [LineEvent], display: inout some DialerDisplay) {
        apply(lineReports(events), to: &display)
    }

    /// The session's updates for what the line reports; notices and log lines are dealt with
    /// here.
    func lineReports(_ events: [LineEvent]) -> [DialerUpdate] {
        var updates: [DialerUpdate] = []
        let now = clock.now()
        for event in events {
            switch event {
            case .launched(let outcome):
                updates += launched(outcome)
            case .ringing: updates += machine.session.callChanged(.ringing, at: now)
            case .connected: updates += machine.session.callChanged(.connected, at: now)
            case .ended(let end): updates += machine.session.callChanged(.ended(end), at: now)
            case .incoming(let number, let name):
                logger.info("incoming call from \(number.isEmpty ? "a withheld number" : number)\(name.map { " (\($0))" } ?? "")")
                updates += machine.session.incomingCall(number: number, networkName: name, at: now)
            case .waiting(let id, let number, let name):
                logger.info("call waiting from \(number.isEmpty ? "a withheld number" : number)\(name.map { " (\($0))" } ?? "")")
                updates += machine.session.waitingCall(id, number: number, networkName: name, at: now)
            case .call(let id, let change):
                updates += machine.session.callChanged(FollowedCall.Change(change), call: id, at: now)
            case .notOnThisLine(let control):
                if let mixed = mixerInstead(of: control) {
                    updates += mixed
                    continue
                }
                logger.info("\(control.rawValue) is not on the \(line.methodName) line")
                updates += machine.session.notOnThisLine(control)
            case .volume(let percent):
                updates += machine.session.volumeChanged(percent: percent)
            case .problem(let problem):
                updates += post(problem, about: .line)
            case .log(let level, let message):
                logger.log(level: level.loggerLevel, "\(message)")
            case .lineState(let state):
                updates += machine.session.setLineState(state)
            }
        }
        takeUpNextLine()
        return updates
    }

    /// How a followed call went, for the journal.
    static func logLine(_ record: CallRecord) -> String {
        let whom = record.request.name.map { "\($0) (\(record.request.number))" } ?? record.request.number
        let direction = record.direction == .outgoing ? "call to" : "call from"
        let time = record.connectedTime.map { ", connected " + CallProgress.clock(Int($0 / 1_000_000)) } ?? ""
        let why = if case .failed(let reason) = record.end { ": \(reason)" } else { "" }
        return "\(direction) \(whom): \(record.outcome.rawValue)\(time)\(why)"
    }

    /// The history calls and picks are recorded into, if any.
    public var history: DialHistory? { recorder?.history }

    /// Ranks first, for a query typed before, the contact the user picked for it then, as
    /// `history` remembers it.
    public func learnPicks(from history: DialHistory) {
        machine.session.learnedPick = { query, mode in history.pick(for: query, mode: mode.kind) }
    }

    /// How many contacts the book searched now has.
    public var contactCount: Int { machine.session.index.contacts.count }

    /// The descriptor of the history write under way, if any (`sources` has it too).
    public var historyDescriptor: FileDescriptor? { recorder?.descriptor }

    /// Takes in the history writes that are over: each dial written ranks the book anew with
    /// it; one that could not be written is logged.
    func collectHistory(display: inout some DialerDisplay) {
        guard let recorder else { return }
        let written = recorder.collect()
        report(written)
        takeRecentCalls(from: written, display: &display)
        if written.contains(where: \.wasMissedCall) { apply(showMissedCalls(), to: &display) }
    }

    private func report(_ written: [HistoryRecorder.Written]) {
        for write in written {
            if let failure = write.failure {
                logger.error("the dial to \(write.number) is not in the history: \(failure.description)")
            } else {
                live?.rankAgain()
            }
        }
    }

    // MARK: Missed calls

    /// What stops the dial method's line from placing calls now ("SIP not registered: ..."),
    /// as the screen's notice line shows it; nil when it can, or has no line.
    public var lineProblem: String? { notices[.line] }

    /// What the screen's notice line says of the sound, nil when nothing.
    var soundNotice: String? { notices[.sound] }

    /// Watches the history while missed calls are shown, for `t9dial history` reading them.
    private let missedCallsWatch: MissedCallsWatch?

    /// Whether the idle screen says how many calls were missed (until a key is pressed).
    private var showsMissedCalls: Bool { notices[.missedCalls] != nil }

    /// Says on the screen's notice line how many calls were missed and not seen yet ("2
    /// missed"), from the history: at start and after a missed call is written.
    @discardableResult
    public func showMissedCalls() -> [DialerUpdate] {
        guard let count = recorder?.unseenMissedCount() else { return [] }
        machine.session.unseenMissedCalls = count
        if count > 0 { missedCallsWatch?.arm() } else { missedCallsWatch?.disarm() }
        return post(count > 0 ? "\(count) missed" : nil, about: .missedCalls)
    }

    /// A key was pressed: the missed calls are seen, and marked so in the history.
    public func keyPressed(display: inout some DialerDisplay) {
        guard showsMissedCalls else { return }
        missedCallsWatch?.disarm()
        recorder?.markMissedSeen()
        post(nil, about: .missedCalls, to: &display)
    }

    /// Waits for the dial or hang-up under way, for a followed call to end, and for the
    /// history's writes, so a run that ends drops none of them: keys piped into `t9dial try`
    /// that end with a dial make a call that lasts until the far end hangs up. A signal on
    /// `signals` (the run's signalfd) while it waits for the call stops the wait: the call is
    /// ended as `stop` ends it, and true is returned, for the caller to read which signal.
    /// A launched dial (`exec`) is waited for, within its method's time-out.
    @discardableResult
    public func finishAll(display: inout some DialerDisplay, signals: FileDescriptor? = nil) throws(DialerError) -> Bool {
        let signalled = try runLine(display: &display, until: nil, signals: signals) { self.line.isWorking || self.machine.session.hasLiveCall }
        if signalled { try stop(display: &display) }
        finishHistory()
        return signalled
    }

    /// How long a run that stops gives the line to confirm its hang-up: the run ends after it
    /// whatever the line says (a modem's own wait, `ModemCallTracker.Timing.hangUpWait`, is
    /// shorter), so the service stops well within systemd's stop timeout.
    public static let stopGrace: Microseconds = 1_000_000
    /// How long a run that stops then gives the line to finish ending its calls in the
    /// back-end (`CallLine.isEnding`): ModemManager's `CreateCall` waits for polkit, which can
    /// take seconds on a busy board, and the call it makes is deleted only once it answers.
    public static let settleGrace: Microseconds = 5_000_000

    /// The run stops (`q`, SIGTERM, SIGINT): the call dialled here or connected is hung up, as
    /// a phone that is switched off ends its call (`DialerSession.stopping`; one ringing here
    /// is left to ring), and the line gets `stopGrace` to say it is over. A call it has not
    /// ended by then is over for the run all the same, and logged so. The line then gets
    /// `settleGrace` to finish ending it in the back-end (`CallLine.isEnding`). A launched
    /// dial is waited for first, and the history's writes last.
    public func stop(display: inout some DialerDisplay) throws(DialerError) {
        _ = try runLine(display: &display, until: nil, signals: nil) { self.line.isWorking }
        apply(machine.session.stopping(at: clock.now()), to: &display)
        let giveUp = clock.now().addingSaturated(Self.stopGrace)
        _ = try runLine(display: &display, until: giveUp, signals: nil) { self.machine.session.hasCallInProgress }
        if machine.session.hasCallInProgress {
            logger.warning("the line did not confirm the hang-up within \(Self.stopGrace / 1_000_000) s; stopping all the same")
            apply(machine.session.callChanged(.ended(.hungUpHere), at: clock.now()), to: &display)
        }
        let settled = clock.now().addingSaturated(Self.settleGrace)
        _ = try runLine(display: &display, until: settled, signals: nil) { self.line.isEnding }
        if line.isEnding { logger.warning("the \(line.methodName) line did not finish ending the call within \(Self.settleGrace / 1_000_000) s") }
        finishHistory()
    }

    /// Runs the line alone while `going` holds, until `deadline` (nil: no end), or until a
    /// signal comes on `signals`: whether one came.
    private func runLine(
        display: inout some DialerDisplay, until deadline: Microseconds?, signals: FileDescriptor?, while going: () -> Bool
    ) throws(DialerError) -> Bool {
        let loop = EventLoop(clock: clock)
        while going() {
            let now = clock.now()
            if let deadline, now >= deadline { return false }
            let sources =
                line.descriptors.map { EventLoop.Source(LoopSource.line($0), $0) }
                + [signals].compactMap { $0 }.map { EventLoop.Source(LoopSource.signals, $0) }
            do {
                let wakeup = try loop.wait(for: sources, until: [line.nextDeadline, deadline].compactMap { $0 }.min())
                if wakeup.isReady(.signals) { return true }
                let readable = wakeup.ready.compactMap { if case .line(let descriptor) = $0.tag { descriptor } else { nil } }
                advance(lineReadable: readable, bookReadable: [], to: wakeup.time, display: &display)
            } catch {
                throw .loop(error)
            }
        }
        return false
    }

    /// Waits for the history's writes under way, so a service that stops keeps every dial.
    public func finishHistory() {
        if let recorder { report(recorder.finishAll()) }
    }

    /// What came of the dial a line launched: logged, and given to the session, which shows it.
    private func launched(_ outcome: DialOutcome) -> [DialerUpdate] {
        guard let request = launching.take() else {
            logger.debug("\(line.methodName): an outcome for no dial: \(outcome.logMessage)")
            return []
        }
        // A printed dial is already on standard output; any other outcome is worth a log line,
        // which says whom, as the journal is where an administrator looks for the calls.
        let whom = request.name.map { "calling \($0): " } ?? ""
        if !outcome.isPlaced {
            logger.error("\(whom)\(outcome.logMessage)")
        } else if !(line is PrintLine) {
            logger.info("\(whom)\(outcome.logMessage)")
        }
        return machine.session.dialFinished(request, outcome)
    }
}

/// What a notice on the screen is about, most pressing first.
public enum NoticeTopic: CaseIterable, Sendable {
    /// The config or the contacts cannot be used: nothing can be found until they are fixed.
    case book
    /// No keypad is plugged in.
    case keypad
    /// The line cannot place calls now: baresip not reachable or not registered, no modem.
    case line
    /// A ringer or the sound device cannot play: the dialer works on, silent there.
    case sound
    /// Calls were missed ("2 missed"), until a key is pressed or `t9dial history` lists them.
    case missedCalls
}

extension FollowedCall.Change {
    /// The session's name for what a line says of one of its calls.
    init(_ change: LineCallChange) {
        switch change {
        case .ringing: self = .ringing
        case .connected: self = .connected
        case .held: self = .held
        case .resumed: self = .resumed
        case .muted(let muted): self = .muted(muted)
        case .ended(let end): self = .ended(end)
        }
    }
}

extension LineLogLevel {
    var loggerLevel: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        }
    }
}
