// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
public import Evdev
public import InputEvents
public import ProcessLoop
import Synchronization
public import SystemCalls
public import struct SystemPackage.FileDescriptor

/// The keypads read on a thread of their own, so that a loop busy with a search, a paint or a
/// slow panel never loses a key. The model is Xorg's input thread: a thread whose only job is
/// to read the input devices.
///
/// The kernel keeps each reader's events in a small buffer: for a keypad, about 64 events,
/// some 20 key presses and releases. When a loop reads only between its steps, a step that
/// takes long (an fsync on an SD card, a debug build, a busy single-core board) lets a
/// chattering keypad fill it; the kernel then drops what is queued (SYN_DROPPED), and a tap
/// that fell in the overflow is lost. Here a thread sleeps in poll on the keypads and the
/// hotplug watch (a `KeypadReader`, which follows hotplug, grabs and libevdev's resync after a
/// SYN_DROPPED), and moves every event into a queue as soon as it comes, with the kernel's
/// timestamps. It then raises `descriptor`, which the loop waits on with everything else.
///
/// The loop takes the queue with `take(at:)` at every wake-up, and first reads every keypad
/// once more itself, without waiting: every event stamped before the moment the loop woke is
/// then in its hands, however late the thread was scheduled, so the dialer's timers (advanced
/// to that moment and no further) never run ahead of a key still unread, and a replay stays
/// exact. The reader is only ever used under one lock, by the thread or by `take`.
///
/// The thread asks for a higher priority than the rest of the process (`inputNice`), which a
/// service is allowed by its unit's `LimitNICE=`; elsewhere it keeps the process's priority.
public final class ThreadedKeypadReader {
    /// The nice value the input thread asks for: ahead of the dialer's own work (nice 0) and of
    /// the board's other programs, modestly. Reading is a few microseconds a key, so it takes
    /// nothing from them but latency.
    public static let inputNice: Int32 = -10

    private let shared: Shared
    private var thread: BackgroundTask<Void>?

    /// A thread that reads the devices `discovery` chooses, once `start()` is called. Fails
    /// only when the hotplug watch, the wake-up descriptors or the thread cannot be made.
    public init(
        discovery: DeviceDiscovery,
        clock: MonotonicClock = .system,
        settleDelay: Microseconds = 1_000_000,
        opener: sending @escaping KeypadReader.Opener = { path throws(EvdevError) in try EvdevDevice(path: path) }
    ) throws(KeypadInputError) {
        let reader = try KeypadReader(discovery: discovery, clock: clock, settleDelay: settleDelay, opener: opener)
        do {
            shared = Shared(state: State(reader: reader), ready: try WakeSignal(), poke: try WakeSignal())
        } catch {
            throw KeypadInputError(operation: error.operation, errno: error.errno)
        }
        let shared = shared
        let loop = EventLoop(clock: clock)
        do {
            thread = try BackgroundTask(name: "t9dial-input") { Self.readUntilStopped(shared, loop: loop) }
        } catch {
            throw KeypadInputError(operation: "starting the thread that reads the keypads", errno: error)
        }
    }

    deinit {
        shared.state.withLock { $0.stopping = true }
        shared.poke.notify()
        // The thread uses the reader until it sees the stop: the devices close (and their grabs
        // end) when it is over, before this returns.
        if let thread = thread.take() { thread.waitForResult() }
    }

    /// The descriptor the loop waits on: readable when the thread has queued something.
    public var descriptor: FileDescriptor { shared.ready.descriptor }

    /// Looks for devices and opens those chosen, on the caller's thread: what is read, the
    /// problems met, or why nothing is. The input thread reads them from then on.
    public func start() -> KeypadWakeup {
        let wakeup = shared.state.withLock { state in
            state.started = true
            return state.reader.start()
        }
        shared.poke.notify()
        return wakeup
    }

    /// What the keypads brought since the last call, for a loop that woke at `time`: what the
    /// thread queued, then what every device has now, read without waiting. Each device's
    /// events in the order it sent them. Throws what stopped the thread (the hotplug watch or
    /// its poll failing); nothing is read after that.
    public func take(at time: Microseconds) throws(KeypadInputError) -> KeypadWakeup {
        // Lowered first: what the thread queues from now on raises it again.
        shared.ready.reset()
        let (events, closedDevice) = try shared.state.withLock { state throws(KeypadInputError) in
            if let failure = state.failure { throw failure }
            let drained = state.started ? state.reader.drain() : []
            let events = state.queue + drained
            state.queue = []
            return (events, drained.contains { if case .disconnected = $0 { true } else { false } })
        }
        // The thread may be waiting on the descriptor of a device let go here: it looks again.
        if closedDevice { shared.poke.notify() }
        return KeypadWakeup(time: time, events: events)
    }

    /// The devices being read now.
    public var devices: [DeviceChoice] { shared.state.withLock { $0.reader.devices } }

    /// How the device at `path` is read (its keymap), if it is read.
    public func device(at path: String) -> DeviceChoice? {
        shared.state.withLock { $0.reader.device(at: path) }
    }

    /// The input thread's nice value once it has asked for `inputNice`, and why it could not
    /// have it (nil when it could); nil before the thread has started.
    public var priority: (nice: Int32, refused: Errno?)? {
        shared.state.withLock { state in state.priority.map { ($0.nice, $0.refused) } }
    }

    /// What the input thread and the loop's thread share, under one lock.
    private struct State: ~Copyable {
        var reader: KeypadReader
        /// What the thread read and the loop has not taken yet, in order.
        var queue: [KeypadEvent] = []
        /// Whether `start()` was called: until then the thread waits for it alone.
        var started = false
        var stopping = false
        /// What stopped the thread, for `take` to throw.
        var failure: KeypadInputError?
        var priority: (nice: Int32, refused: Errno?)?
    }

    private final class Shared: Sendable {
        let state: Mutex<State>
        /// Raised by the thread when it queued something; the loop waits on it.
        let ready: WakeSignal
        /// Raised for the thread: to start reading, to look at its devices again, to stop.
        let poke: WakeSignal

        init(state: consuming sending State, ready: consuming WakeSignal, poke: consuming WakeSignal) {
            self.state = Mutex(state)
            self.ready = ready
            self.poke = poke
        }
    }

    /// What the thread waits on: the reader's sources, and the poke.
    private enum ThreadSource: Hashable, Sendable {
        case reader(KeypadReader.Source)
        case poke
    }

    /// The input thread: waits for the devices, the hotplug watch or a poke, and queues what the
    /// reader makes of it, until stopped or its wait fails.
    private static func readUntilStopped(_ shared: Shared, loop: EventLoop) {
        let refused: Errno? = if case .failure(let error) = Syscalls.setThreadNice(inputNice) { error } else { nil }
        let nice = Syscalls.threadNice()
        shared.state.withLock { $0.priority = (nice, refused) }
        while true {
            let (sources, deadline, stopping) = shared.state.withLock { state in
                guard state.started else { return ([EventLoop.Source<ThreadSource>](), Microseconds?.none, state.stopping) }
                let sources = state.reader.sources.map { EventLoop.Source(ThreadSource.reader($0.tag), $0.descriptor) }
                return (sources, state.reader.nextCheck, state.stopping)
            }
            if stopping { return }
            let wakeup: EventLoop.Wakeup<ThreadSource>
            do {
                wakeup = try loop.wait(for: sources + [EventLoop.Source(.poke, shared.poke.descriptor)], until: deadline)
            } catch {
                stop(shared, failure: error)
                return
            }
            if wakeup.isReady(.poke) { shared.poke.reset() }
            let ready = wakeup.ready.compactMap { source -> EventLoop.Ready<KeypadReader.Source>? in
                guard case .reader(let tag) = source.tag else { return nil }
                return EventLoop.Ready(tag, readable: source.readable, hungUp: source.hungUp)
            }
            if ready.isEmpty && !wakeup.deadlinePassed { continue }
            let failure = shared.state.withLock { state -> KeypadInputError? in
                guard state.started else { return nil }
                do throws(KeypadInputError) {
                    let events = try state.reader.handle(ready, at: wakeup.time).events
                    guard !events.isEmpty else { return nil }
                    state.queue += events
                } catch {
                    return error
                }
                shared.ready.notify()
                return nil
            }
            if let failure {
                stop(shared, failure: failure)
                return
            }
        }
    }

    /// Ends the thread's reading: the loop is woken to take the failure.
    private static func stop(_ shared: Shared, failure: KeypadInputError) {
        shared.state.withLock { $0.failure = failure }
        shared.ready.notify()
    }
}
