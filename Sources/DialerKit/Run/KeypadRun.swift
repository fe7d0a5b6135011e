// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import KeypadInput
import Logging
public import InputEvents
public import ProcessLoop

/// `t9dial run` on real keypads: reads what discovery chooses, follows hotplug, and drives the
/// dialer, sleeping in poll until a key or the dialer's next timer.
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
public final class KeypadRun {
    public let driver: DialerDriver
    public var machine: DialerMachine { driver.machine }
    private var logger: Logger { driver.logger }
    private let setup: KeypadSetup
    private let input: ThreadedKeypadReader
    private let loop: EventLoop
    /// The machine's device number of each device read, by path.
    private var devices: [String: Int] = [:]
    private var nextDevice = 0
    /// The warnings about events the kernel dropped, at most one a minute for each keypad.
    private var droppedEvents = DroppedEventsWarning()

    /// A run reading `device` (nil: the config's, else the udev link, else discovery), grabbing
    /// keypads unless `grab` is false.
    public init(
        setup: KeypadSetup, driver: DialerDriver, device: String?, grab: Bool,
        inputDirectory: String = "/dev/input", clock: MonotonicClock = .system
    ) throws(DialerError) {
        self.setup = setup
        self.driver = driver
        let discovery = DeviceDiscovery(
            inputDirectory: inputDirectory,
            namedDevice: device ?? setup.settings.device,
            keymaps: setup.candidateKeymaps,
            grab: grab && setup.settings.grab
        )
        loop = EventLoop(clock: clock)
        do {
            input = try ThreadedKeypadReader(discovery: discovery, clock: clock)
        } catch {
            throw .input(error)
        }
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
        process(input.start(), display: &display)
    }

    /// Call `start` first. Waits in the process's one loop for the next thing to happen (a key, a keypad coming
    /// or going, a dial or reload over, the dialer's next timer, one of the caller's `extra`
    /// sources or its `deadline`) and acts on what is the dialer's. Returns the wake-up, for
    /// the caller to act on its own sources.
    @discardableResult
    public func step(
        display: inout some DialerDisplay, watching extra: [EventLoop.Source<LoopSource>] = [], until deadline: Microseconds? = nil
    ) throws(DialerError) -> EventLoop.Wakeup<LoopSource> {
        let sources = [EventLoop.Source(LoopSource.keypads, input.descriptor)] + driver.sources + extra
        let wakeup: EventLoop.Wakeup<LoopSource>
        let keys: KeypadWakeup
        do {
            wakeup = try loop.wait(for: sources, until: [driver.nextDeadline, deadline].compactMap { $0 }.min())
        } catch {
            throw .loop(error)
        }
        // Whatever woke the loop: every key stamped before it woke is taken before the timers
        // run to that moment.
        do {
            keys = try input.take(at: wakeup.time)
        } catch {
            throw .input(error)
        }
        process(keys, display: &display)
        driver.wake(wakeup, display: &display)
        return wakeup
    }

    /// The keypads being read now, for a status line.
    public var keypads: [DeviceChoice] { input.devices }

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
                guard let device = devices[path] else { continue }
                inputs += events.map { (device, $0) }
                if events.contains(where: { $0.type == EventType.synchronization && $0.code == SynchronizationCode.dropped }),
                    let warning = droppedEvents.dropped(on: path, at: wakeup.time)
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
            devices[choice.info.path] = nextDevice
            machine.attach(device: nextDevice, keymap: choice.keymap, timing: setup.timing)
            nextDevice += 1
            driver.post(nil, about: .keypad, to: &display)
            logger.info("\(event.description)")
        case .hookRead(let path, _, let lifted):
            // The state as it is, not a lift or a replacement: it answers and hangs up nothing.
            if let device = devices[path], let lifted {
                machine.hookRead(lifted: lifted, on: device)
                logger.info("\(event.description)")
            } else {
                logger.warning("\(event.description)")
            }
        case .input:
            break
        case .disconnected(let path, _, _):
            if let device = devices.removeValue(forKey: path) {
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
