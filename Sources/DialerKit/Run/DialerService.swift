// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
import ContactBook
import ContactWatch
public import DialerConfig
public import DialerEngine
public import DialHistory
import KeypadInput
public import Phonebook
public import ProcessLoop
public import Logging
import Glibc
import Systemd
import Telephony
public import InputEvents
import struct SystemPackage.FileDescriptor

/// `t9dial run` as the service that runs for months on a board: it never stops for a problem
/// it can wait out, and tells systemd and the user how it is doing.
///
/// - **It does not fail quietly.** With no contacts or a broken config it runs on with an
///   empty book: the screen's notice line says what is wrong ("No contacts: edit
///   /etc/t9dial/t9dial.toml"), the log has it once at error priority, and the book is loaded
///   as soon as the config or the contact files are fixed. No keypad plugged in is a notice
///   too, and the query waits for it.
/// - **It reloads without losing the query**, on `systemctl reload` (SIGHUP) and when the
///   config file changes: contacts, the synced address book and the `[dial]` method are read
///   again, on a thread of its own while keys go on searching the running book; a broken new
///   config keeps the running book and says why; a changed `[sound]` starts a new player. `[keypad]`, `[screen]` and the layouts take
///   a restart, and the log says so.
/// - **It shows its first screen at once.** The book is read on a thread of its own, and the
///   screen says how far it has got ("Loading contacts… 42%"); keys typed meanwhile are kept
///   and searched once it is loaded (`DialerDriver.loadInBackground`).
/// - **It talks to systemd** (`Type=notify`): READY=1 once the book is loaded and the keypads
///   looked for, a STATUS line ("1,234 contacts, reading /dev/input/event3", "loading
///   contacts 42%, …" before), RELOADING=1
///   around a reload, and a WATCHDOG=1 ping from the loop every half `WatchdogSec`, so a hung
///   loop is restarted. Outside systemd these do nothing, and the loop never wakes for them.
/// - **It outlives its standard output.** The unit sends it to /dev/null, but a run started
///   otherwise may write into a pipe whose reader went away (a logger that died) or a file on
///   a full disk. The text or JSON display then stops writing (`StandardOutputStream`), the
///   log says so once, as a warning, and the dialer goes on: the keypad, the framebuffer, the
///   dials and the reloads do not need standard output. SIGPIPE is ignored (`BrokenPipe`), so
///   a reader gone never ends the process.
public final class DialerService {
    private let overrides: Book.Overrides
    private let loop: DialerLoop
    private var driver: DialerDriver { loop.driver }
    private let logger: Logger
    private let notifier = ServiceNotifier()
    /// Where "now" comes from: the dialer's timers, the reload debounce, the syncs and the
    /// watchdog's pings all count in it.
    private let clock: MonotonicClock
    private let signals: SignalSource
    private var configWatcher: ContactSourceWatcher?
    private var configChanges = ReloadSchedule()
    /// The config file read at start, for the start-up line.
    private let configFile: String?
    /// The layouts the session was made with; a reload with others needs a restart.
    private let layouts: [String]
    /// The problem that left the book empty, while it lasts.
    private var problem: DialerError?
    private var nextPing: Microseconds?
    private var lastStatus = ""
    /// The contact files the config or the command line name, watched while they do not load.
    private let contactPaths: [String]
    /// Whether systemd was told READY=1: once the book read at start is loaded, or could not be.
    private var toldReady = false
    /// Where the reload of the config and the book stands.
    private(set) var reload = ReloadState.idle
    /// Whether the log has said that the display's output could not be written: said once.
    private var toldWriteFailure = false
    /// The `[dial]` settings of the driver's line: a reload that leaves them as they are keeps
    /// the line, its connection and its call.
    private var dialSettings: DialMethod
    /// The `[sound]` settings the player plays with, and `--sound`'s device: a reload that
    /// changes them starts a new player.
    private var soundSettings: SoundSettings
    private let soundDevice: String?

    /// Loads the book (or an empty one and the problem), sets up the keys, the dialer and its
    /// reading of `device` (nil: the config's, the udev link, or discovery). Time is `clock`'s,
    /// the clock evdev stamps key events with: a test passes one it moves by hand.
    public init(
        overrides: Book.Overrides, mode: KeypadSettings.EntryMode?, device: String?, grab: Bool, logger: Logger,
        inputDirectory: String = "/dev/input", clock: MonotonicClock = .system, soundDevice: String? = nil
    ) throws(DialerError) {
        self.overrides = overrides
        self.soundDevice = soundDevice
        self.logger = logger
        self.clock = clock
        let (book, problem): (Book, problem: BookError?)
        do { (book, problem) = try Book.prepareOrEmpty(overrides) } catch { throw .book(error) }
        if let historyProblem = book.historyProblem { logger.warning("\(historyProblem)") }
        self.problem = problem.map(DialerError.book)
        self.layouts = book.index.alphabet.layouts.map(\.id)
        self.configFile = book.configuration.file
        self.dialSettings = book.configuration.dial
        self.soundSettings = book.configuration.sound
        let setup = try KeypadSetup.load(for: book, mode: mode)
        let driver = try setup.makeDriver(for: book, placesCalls: true, logger: logger, clock: clock)
        self.bookAtStart = book
        // The book is read while the first screen shows, which says how far it has got.
        if problem == nil { try driver.loadInBackground(book) }
        driver.startSound(book.configuration.sound, device: soundDevice)
        loop = try DialerLoop(setup: setup, driver: driver, device: device, grab: grab, inputDirectory: inputDirectory, clock: clock)
        do {
            signals = try SignalSource()
        } catch {
            throw .loop(error)
        }
        // Standard input (`-`) is read once and never watched.
        contactPaths = (overrides.contacts.isEmpty ? book.configuration.contacts : overrides.contacts)
            .filter { !StandardInputReader.isStandardInput($0) }
        watchConfig(andContacts: problem != nil)
    }

    /// Watches the config files, and with `andContacts` the contact files named: with no book,
    /// one that appears or is fixed is a reason to try again. (A loaded book's files are the
    /// live book's to watch.)
    private func watchConfig(andContacts: Bool) {
        do {
            configWatcher = try ContactSourceWatcher(sources: Book.configFiles(overrides) + (andContacts ? contactPaths : []))
        } catch {
            configWatcher = nil
            logger.warning("\(error); the config is not reloaded when it changes (systemctl reload t9dial does it)")
        }
    }

    /// The book as prepared at start, for making the displays; let go after that, so that a
    /// reload frees the old book.
    public private(set) var bookAtStart: Book?

    /// Runs until SIGTERM or SIGINT comes, and returns it, for the caller to end the process
    /// by once it has put back the screen; throws when reading keys fails as a whole.
    public func run(display: inout some DialerDisplay) throws(DialerError) -> Int32 {
        start(display: &display)
        while true {
            if let stop = try step(display: &display) {
                logger.info("\(stop == SIGTERM ? "SIGTERM" : "SIGINT"): stopping")
                notifier.stopping()
                // The call under way ends, as a phone switched off ends it, and a dial that
                // just ended is written before the process goes.
                try driver.stop(display: &display)
                driver.stopSound()
                driver.useMixer(nil)
                return stop
            }
        }
    }

    /// Shows the first screen (with the problem, if the book could not be loaded, or how far
    /// its loading has got), opens the keypads there are, and tells systemd the service is
    /// ready once the book is loaded.
    public func start(display: inout some DialerDisplay) {
        bookAtStart = nil
        if let problem {
            logger.error("\(problem.description)")
            // On the first screen, which loop.start shows.
            _ = driver.post(problem.notice, about: .book)
        }
        loop.start(display: &display)
        if driver.isLoading {
            notifier.status(statusLine)
        } else {
            becomeReady()
        }
        lastStatus = statusLine
        if let interval = notifier.watchdogInterval {
            nextPing = clock.now() + interval / 2
            notifier.watchdogPing()
        }
    }

    /// Waits for the next thing to happen, keys, timers, a signal, a reload asked for, the
    /// watchdog's ping, and acts on it; by `deadline` at the latest, when given (a test that
    /// gives up). Returns SIGTERM or SIGINT when one came: the service is to stop.
    @discardableResult
    public func step(display: inout some DialerDisplay, until deadline: Microseconds? = nil) throws(DialerError) -> Int32? {
        let extra =
            [EventLoop.Source(LoopSource.signals, signals.descriptor)]
            + [configWatcher?.descriptor].compactMap { $0 }.map { EventLoop.Source(LoopSource.config, $0) }
            + [reload.inFlight?.descriptor].compactMap { $0 }.map { EventLoop.Source(LoopSource.serviceReload, $0) }
        let woke = try loop.step(display: &display, watching: extra, until: [nextPing, configChanges.deadline, deadline].compactMap { $0 }.min())
        if !toldWriteFailure, let failure = display.writeFailure {
            toldWriteFailure = true
            logger.warning("\(failure); the screens are no longer written there, and the dialer goes on")
        }
        if woke.signals {
            let received = signals.received()
            if let stop = received.first(where: { $0 != SIGHUP }) { return stop }
            if received.contains(SIGHUP) {
                logger.info("SIGHUP: reloading the config and the contacts")
                askForReload()
            }
        }
        if woke.config, let report = configWatcher?.drain() {
            report.problems.forEach { logger.warning("\($0)") }
            if report.changed { configChanges.changed(at: woke.time) }
        }
        if configChanges.startIfDue(at: woke.time) {
            configChanges.finished()
            logger.info("the config file changed: reloading the config and the contacts")
            askForReload()
        }
        if !toldReady, !driver.isLoading { bookLoaded() }
        advanceReload(over: woke.serviceReload, at: woke.time, display: &display)
        if let due = nextPing, woke.time >= due, let interval = notifier.watchdogInterval {
            notifier.watchdogPing()
            nextPing = woke.time + interval / 2
        }
        if statusLine != lastStatus {
            lastStatus = statusLine
            notifier.status(statusLine)
        }
        return nil
    }

    /// Tells systemd and the log that the service is up, with its book or the problem.
    private func becomeReady() {
        toldReady = true
        logger.info("started with \(configFile ?? "no config file (the defaults)"): \(statusLine)")
        notifier.ready(status: statusLine)
    }

    /// The book read at start is loaded, or could not be read: the latter is the service's
    /// problem until the config or the files are fixed, which it watches for.
    private func bookLoaded() {
        if let error = driver.loadProblem {
            problem = error
            logger.error("\(error.description)")
            watchConfig(andContacts: true)
        }
        becomeReady()
    }

    /// Whether the book read at start is still loading.
    public var isLoading: Bool { driver.isLoading }

    /// When `step` wakes at the latest when nothing else comes: the dialer's next timer, a
    /// reload or sync due, a changed config settled, the watchdog's next ping. In `clock`'s time.
    public var nextDeadline: Microseconds? {
        [driver.nextDeadline, nextPing, configChanges.deadline].compactMap { $0 }.min()
    }

    /// Whether a reload is being read on its thread.
    public var isReloading: Bool { reload.inFlight != nil }

    /// Whether work runs on a thread of its own: a reload of the config, or the driver's
    /// (`DialerDriver.isBusy`). Each wakes `step` when it is over.
    public var isBusy: Bool { reload.inFlight != nil || driver.isBusy }

    /// A reload was asked for (SIGHUP, the config changed): `advanceReload` starts it at the
    /// end of this step, or once the reload under way is over.
    private func askForReload() {
        switch reload {
        case .idle, .asked: reload = .asked
        case .reading(let inFlight, _): reload = .reading(inFlight, again: true)
        }
    }

    /// Starts the reload asked for (once the book read at start is loaded), and searches the one
    /// read on its thread once it is `over` (its descriptor woke the loop), reading again when
    /// asked meanwhile.
    private func advanceReload(over: Bool, at now: Microseconds, display: inout some DialerDisplay) {
        switch reload {
        case .idle:
            break
        case .asked:
            if !driver.isLoading { reload = startReload() }
        case .reading(let inFlight, let again):
            guard over, let result = inFlight.task.result() else { return }
            reload = .idle
            let changedMeanwhile = driver.bookChangesSeen != inFlight.changesSeen
            finishReload(result, changedMeanwhile: changedMeanwhile ? now : nil, display: &display)
            if again { reload = startReload() }
        }
    }

    /// The session, for tests and status.
    public var machine: DialerMachine { driver.machine }

    /// The dial history calls are recorded into, if it could be opened.
    public var history: DialHistory? { driver.history }

    /// Starts reading the config and the book again on a thread of its own, readied for keys
    /// there as the book read at start is (`SearchIndex.prepareForKeys`); `finishReload` takes
    /// it in once it is over. systemd hears RELOADING=1 now and READY=1 then. Returns the
    /// reload's new state: `.idle` when no thread could be started.
    private func startReload() -> ReloadState {
        notifier.reloading()
        let overrides = overrides
        // The history calls and picks are recorded into: the reloaded book ranks and learns
        // from the same one, picks learned since included.
        let history = driver.history
        do {
            let task = try BackgroundTask(name: "t9dial-reload") { () -> Result<Book, DialerError> in
                Result { () throws(DialerError) in
                    let fresh: Book
                    do throws(BookError) { fresh = try Book.load(overrides, reusing: history) } catch { throw .book(error) }
                    fresh.index.prepareForKeys(resultLimit: fresh.limit)
                    return fresh
                }
            }
            return .reading(ReloadInFlight(task: task, changesSeen: driver.bookChangesSeen), again: false)
        } catch {
            logger.error("reload: \(DialerError.threadNotStarted(error, for: "reload the contacts").description); the contacts loaded before are kept")
            notifier.ready(status: statusLine)
            return .idle
        }
    }

    /// Searches the reloaded book with the query kept; a config or book that did not load
    /// leaves the running one in place, or, when the book was empty for a problem, shows the
    /// new problem. When the running book's sources were seen to change while the reload read
    /// them (`changedMeanwhile`, when), the reloaded book is reloaded again once they settle:
    /// the change may have come after its file was read.
    private func finishReload(_ result: Result<Book, DialerError>, changedMeanwhile: Microseconds?, display: inout some DialerDisplay) {
        defer { notifier.ready(status: statusLine) }
        let fresh: Book
        do {
            fresh = try result.get()
        } catch {
            if problem != nil {
                problem = error
                driver.post(error.notice, about: .book, to: &display)
            }
            logger.error("reload: \(error.description); \(problem == nil ? "the contacts loaded before are kept" : "still no contacts")")
            return
        }
        let freshLayouts = fresh.index.alphabet.layouts.map(\.id)
        guard freshLayouts == layouts else {
            logger.error(
                "reload: the layouts are now \(freshLayouts.joined(separator: ", ")), not \(layouts.joined(separator: ", ")); restart t9dial to use them (systemctl restart t9dial)"
            )
            return
        }
        var line = driver.line
        if fresh.configuration.dial != dialSettings {
            do {
                line = try fresh.configuration.dial.makeLine()
                dialSettings = fresh.configuration.dial
            } catch {
                logger.error("reload: [dial]: \(error); the dial method loaded before is kept")
            }
        }
        if fresh.configuration.sound != soundSettings {
            soundSettings = fresh.configuration.sound
            driver.soundProblem(nil, display: &display)
            driver.apply(driver.startSound(soundSettings, device: soundDevice), to: &display)
            logger.info("reload: [sound] changed; the sound player starts anew")
        }
        if let history = fresh.history { driver.learnPicks(from: history) }
        driver.useSpeedDials(fresh.configuration)
        driver.useEmergencyNumbers(fresh.configuration)
        fresh.sources.warnings.forEach { logger.warning("\($0)") }
        problem = nil
        var live = LiveBook(fresh)
        if let changedMeanwhile { live.sourcesChanged(at: changedMeanwhile) }
        driver.replaceBook(fresh.index, live: live, line: line, display: &display)
        driver.post(nil, about: .book, to: &display)
        logger.info("reloaded: \(statusLine)")
    }

    /// What `systemctl status` shows: the book, the keypads, or what is wrong.
    var statusLine: String {
        let keypads = loop.readKeypads.map(\.info.path)
        let reading = keypads.isEmpty ? "no keypad plugged in" : "reading " + keypads.joined(separator: ", ")
        // The book searched now: the live book's reloads and syncs change it too.
        let count = driver.contactCount
        let book =
            problem?.notice ?? driver.loadingPercent.map { "loading contacts \($0)%" } ?? "\(count) contact\(count == 1 ? "" : "s")"
        // What stops calls (baresip not reachable or not registered, no modem) ends the line:
        // `systemctl status` and `t9dial doctor` show it.
        let calls = driver.lineProblem.map { "; " + $0 } ?? ""
        return (reload.inFlight == nil ? "" : "reloading the config and the contacts; ") + book + ", " + reading + calls
    }
}

/// Where the service's reload of the config and the book stands.
enum ReloadState {
    /// None asked for, or the last one is over.
    case idle
    /// Asked for, and started at the end of the loop's step; while the book read at start
    /// loads, only once it is loaded (it would replace the reloaded book).
    case asked
    /// Being read on its thread, while the loop goes on with the running book (a large book
    /// takes long enough for keys to notice). `again`: asked for once more meanwhile, so read
    /// again once this one is over, for what changed since it began.
    case reading(ReloadInFlight, again: Bool)

    /// The reload being read, if one is.
    var inFlight: ReloadInFlight? {
        if case .reading(let inFlight, _) = self { inFlight } else { nil }
    }
}

/// A service reload being read on its thread (`DialerService.startReload`).
final class ReloadInFlight {
    let task: BackgroundTask<Result<Book, DialerError>>
    /// The running book's `DialerDriver.bookChangesSeen` when the reload began: a change seen
    /// after it may have come after the reload read that file.
    let changesSeen: Int
    /// Readable once the reload is over.
    var descriptor: FileDescriptor { task.readinessDescriptor }

    init(task: consuming BackgroundTask<Result<Book, DialerError>>, changesSeen: Int) {
        self.task = task
        self.changesSeen = changesSeen
    }
}
