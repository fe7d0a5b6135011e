// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import KeypadInput
import Logging
public import InputEvents
public import ProcessLoop
import struct SystemPackage.FileDescriptor

/// The dialer's one loop: it sleeps in poll until something happens (a key, a keypad coming or
/// going, a dial, a call's news, a reload over, a signal, the dialer's next timer) and acts on
/// it. `t9dial run` and the service read keypads with it; `t9dial try` reads the terminal.
/// `step` is the whole of one wake-up, read top to bottom: wait, take the keys, act on each
/// source that woke it in one `switch`, then run what is due by the wake-up's time. A replay
/// (`ReplayRun`) has no loop: the recording's own times drive the dialer, so it waits for
/// nothing but a signal, and with `--realtime` for each event's time.
///
/// The keypads are read on a thread of their own (`ThreadedKeypadReader`), which moves each
/// event out of the kernel's small buffer as it comes, so a step that takes long (a search, a
/// slow panel, a busy board) delays keys but never loses one. The loop takes them, with their
/// kernel times, at every wake-up.
///
/// A keypad unplugged mid-query is let go with its held keys released in t9dial's own state
/// (they act as nothing, not as taps) and the query kept; it is read again when it returns,
/// also when t9dial starts before it is plugged in. Messages about devices and dials go to
/// the driver's logger. A dial runs on its own thread and the loop goes on reading keys meanwhile.
public final class DialerLoop {
    public let driver: DialerDriver
    public var machine: DialerMachine { driver.machine }
    private var logger: Logger { driver.logger }
    private let events: EventLoop
    /// The keypads read, with the numbers the machine knows them by; nil when keys come from
    /// the terminal.
    private var keypads: KeypadInputs?
    /// The terminal's keys (`t9dial try`); nil when keys come from keypads.
    private var terminal: TerminalInput?

    /// A loop reading keypads: `device` (nil: the config's, else the udev link, else
    /// discovery), grabbing them unless `grab` is false.
    public init(
        setup: KeypadSetup, driver: DialerDriver, device: String?, grab: Bool,
        inputDirectory: String = "/dev/input", clock: MonotonicClock = .system
    ) throws(DialerError) {
        self.driver = driver
        let discovery = DeviceDiscovery(
            inputDirectory: inputDirectory,
            namedDevice: device ?? setup.settings.device,
            keymaps: setup.candidateKeymaps,
            grab: grab && setup.settings.grab
        )
        events = EventLoop(clock: clock)
        do {
            keypads = KeypadInputs(reader: try ThreadedKeypadReader(discovery: discovery, clock: clock), timing: setup.timing)
        } catch {
            throw .input(error)
        }
    }

    /// A loop reading keys typed on the terminal (`t9dial try`); with none, the driver's
    /// sources alone.
    public init(driver: DialerDriver, terminal: TerminalInput? = nil, events: EventLoop = EventLoop()) {
        self.driver = driver
        self.terminal = terminal
        self.events = events
    }

    /// Runs until the process is stopped; returns only by throwing, when reading fails as a whole.
    public func run(display: inout some DialerDisplay) throws(DialerError) {
        start(display: &display)
        while true { try step(display: &display) }
    }

    /// Shows the first screen and opens the keypads there are.
    public func start(display: inout some DialerDisplay) {
        driver.startCalls()
        machine.showFirstScreen(on: &display)
        if let started = keypads?.reader.start() { process(started, display: &display) }
    }

    /// What a wake-up brought that is the run's to act on, not the loop's.
    public struct Woke {
        /// When the loop woke: "now" for everything acted on in this step.
        public let time: Microseconds
        /// Signals are waiting to be read (`SignalSource.received`).
        public var signals = false
        /// The service's config file changed.
        public var config = false
        /// The service's reload read on its thread is over.
        public var serviceReload = false
        /// The terminal's input ended, or `q` was typed (`quit`).
        public var terminalEnded = false
        public var quit = false
    }

    /// Call `start` first. Waits for the next thing to happen (a source of the loop, of the
    /// driver or of the caller's `extra`, or `deadline`), and acts on it.
    @discardableResult
    public func step(
        display: inout some DialerDisplay, watching extra: [EventLoop.Source<LoopSource>] = [], until deadline: Microseconds? = nil
    ) throws(DialerError) -> Woke {
        let own =
            [keypads.map { EventLoop.Source(LoopSource.keypads, $0.reader.descriptor) }, terminal.map { EventLoop.Source(.terminal, $0.descriptor) }]
            .compactMap { $0 }
        let wakeup: EventLoop.Wakeup<LoopSource>
        do {
            wakeup = try events.wait(for: own + driver.sources + extra, until: [driver.nextDeadline, deadline].compactMap { $0 }.min())
        } catch {
            throw .loop(error)
        }
        return try handle(wakeup, display: &display)
    }

    /// Acts on one wake-up: every source that woke the loop, each by its owner, then what is
    /// due by the wake-up's time (the line's deadlines, the book's loading, reloads and
    /// syncs, the dialer's timers), advanced to that moment and no further.
    public func handle(_ wakeup: EventLoop.Wakeup<LoopSource>, display: inout some DialerDisplay) throws(DialerError) -> Woke {
        var woke = Woke(time: wakeup.time)
        // Whatever woke the loop: every key stamped before it woke is taken before the timers
        // run to that moment.
        if let keypads {
            do {
                process(try keypads.reader.take(at: wakeup.time), display: &display)
            } catch {
                throw .input(error)
            }
        }
        var lineReadable: [FileDescriptor] = []
        var bookReadable: [FileDescriptor] = []
        for ready in wakeup.ready {
            switch ready.tag {
            case .keypads:
                break  // taken above, at every wake-up
            case .terminal:
                guard var input = terminal else { break }
                let read = input.read(at: wakeup.time)
                terminal = input
                if !read.gestures.isEmpty { driver.keyPressed(display: &display) }
                driver.apply(machine.handle(read.gestures), to: &display)
                woke.quit = read.quit
                woke.terminalEnded = read.ended || read.quit
            case .line(let descriptor):
                lineReadable.append(descriptor)
            case .history:
                driver.collectHistory(display: &display)
            case .missedCalls:
                driver.historyWrittenElsewhere(display: &display)
            case .startupLoad:
                break  // advanced with its progress below
            case .book(let descriptor):
                bookReadable.append(descriptor)
            case .signals:
                woke.signals = true
            case .config:
                woke.config = true
            case .serviceReload:
                woke.serviceReload = true
            case .sound:
                driver.takeSoundReports(display: &display)
            }
        }
        driver.advance(lineReadable: lineReadable, bookReadable: bookReadable, to: wakeup.time, display: &display)
        return woke
    }

    /// The keypads being read now, for a status line.
    public var readKeypads: [DeviceChoice] { keypads?.reader.devices ?? [] }

    /// Acts on the keypads' part of one wake-up, in the order the reader told it: devices come
    /// and gone, and between them their key events. The driver then runs the timers, advanced
    /// only to the moment the loop woke.
    ///
    /// However long handling the keys takes (the first search, a slow panel, a busy board),
    /// "now" for the timers stays the wake-up's time: input that arrived meanwhile is taken at
    /// the next wake-up, before any timer passes it. Events of several keypads read between the
    /// same two device changes are handled in the order of their times, so one keypad's later
    /// key never runs another's timers past events of its own still to be handled.
    private func process(_ wakeup: KeypadWakeup, display: inout some DialerDisplay) {
        var inputs: [(device: Int, event: InputEvent)] = []
        for event in wakeup.events {
            if case .input(let path, let events) = event {
                guard let device = keypads?.devices[path] else { continue }
                inputs += events.map { (device, $0) }
                if events.contains(where: { $0.type == EventType.synchronization && $0.code == SynchronizationCode.dropped }),
                    let warning = keypads?.droppedEvents.dropped(on: path, at: wakeup.time)
                {
                    logger.warning("\(warning)")
                }
                continue
            }
            handle(inputs, display: &display)
            inputs = []
            handle(event, at: wakeup.time, display: &display)
        }
        handle(inputs, display: &display)
    }

    /// Hands key events of the keypads to the dialer in the order of their times; stable, so
    /// each device's own events stay in the order it sent them.
    private func handle(_ inputs: [(device: Int, event: InputEvent)], display: inout some DialerDisplay) {
        for (device, input) in inputs.enumerated().sorted(by: { ($0.element.event.time, $0.offset) < ($1.element.event.time, $1.offset) }).map(\.element) {
            if input.type == EventType.key {
                logger.debug("keypad \(device): key \(input.code) \(input.value) at \(input.time)")
                if input.value == 1 { driver.keyPressed(display: &display) }
            }
            driver.apply(machine.handle(input, from: device), to: &display)
        }
    }

    /// Acts on a device coming, going, or a problem with one.
    private func handle(_ event: KeypadEvent, at time: Microseconds, display: inout some DialerDisplay) {
        switch event {
        case .connected(let choice):
            if let device = keypads?.connect(choice.info.path) {
                machine.attach(device: device, keymap: choice.keymap, timing: keypads!.timing)
            }
            driver.post(nil, about: .keypad, to: &display)
            logger.info("\(event.description)")
        case .hookRead(let path, _, let lifted):
            // The state as it is, not a lift or a replacement: it answers and hangs up nothing.
            if let device = keypads?.devices[path], let lifted {
                machine.hookRead(lifted: lifted, on: device)
                driver.handsetRead()
                logger.info("\(event.description)")
            } else {
                logger.warning("\(event.description)")
            }
        case .input:
            break
        case .disconnected(let path, _, _):
            if let device = keypads?.devices.removeValue(forKey: path) {
                driver.apply(machine.detach(device: device, at: time), to: &display)
            }
            logger.notice("\(event.description)")
        case .noKeypad:
            // The query stays: it is there when the keypad comes back.
            driver.post("No keypad: plug one in", about: .keypad, to: &display)
            logger.warning("\(event.description)")
        case .grabbed:
            logger.info("\(event.description)")
        case .problem:
            logger.warning("\(event.description)")
        }
    }
}

/// The keypads a loop reads: the input thread, the number the machine knows each device by
/// (by path), and the warnings about events the kernel dropped.
struct KeypadInputs {
    let reader: ThreadedKeypadReader
    /// The timing each keypad's keys are read with.
    let timing: KeyTiming
    /// The machine's device number of each device read, by path.
    var devices: [String: Int] = [:]
    private var nextDevice = 0
    /// At most one warning a minute for each keypad.
    var droppedEvents = DroppedEventsWarning()

    init(reader: ThreadedKeypadReader, timing: KeyTiming) {
        self.reader = reader
        self.timing = timing
    }

    /// Numbers the device at `path`, newly come.
    mutating func connect(_ path: String) -> Int {
        devices[path] = nextDevice
        nextDevice += 1
        return nextDevice - 1
    }
}
