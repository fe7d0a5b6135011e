public import Evdev
public import InputEvents

/// Reads the keypads t9dial should read, for as long as it runs: the dialer's source of key
/// events.
///
/// It keeps the devices discovery chose open and follows hotplug: a keypad unplugged is let go
/// (its held keys released for the caller) and read again when it comes back, also when t9dial
/// started before it was plugged in. It grabs what discovery says to grab, once no key is down.
/// Problems with a device are reported once. The caller owns time: it passes its next timer's
/// deadline to `wait`, which sleeps in poll until then or until something happens.
///
///     let reader = try KeypadReader(discovery: discovery)
///     while true {
///         let wakeup = try reader.wait(until: engine.nextDeadline)
///         for event in wakeup.events { ... }
///         engine.advance(to: wakeup.time)
///     }
public final class KeypadReader {
    /// Opens a device by path: `EvdevDevice.init(path:)`, or in tests one that fails for
    /// chosen paths.
    public typealias Opener = (String) throws(EvdevError) -> EvdevDevice

    public let discovery: DeviceDiscovery
    let clock: MonotonicClock
    let loop: EventLoop
    let opener: Opener
    var monitor: HotplugMonitor
    /// The devices being read, in the order they were chosen.
    var openDevices: [OpenDevice] = []
    var problems: ProblemLog
    /// The last `.noKeypad` explanation given while nothing is read.
    var lastNoKeypad: String?
    var started = false

    /// A reader for the devices `discovery` chooses. `settleDelay` is how long a node that has
    /// just appeared may stay unreadable before that is reported (udev sets its permissions).
    public init(
        discovery: DeviceDiscovery,
        clock: MonotonicClock = .system,
        settleDelay: Microseconds = 1_000_000,
        opener: @escaping Opener = { path throws(EvdevError) in try EvdevDevice(path: path) }
    ) throws(KeypadInputError) {
        self.discovery = discovery
        self.clock = clock
        self.loop = EventLoop(clock: clock)
        self.opener = opener
        self.monitor = try HotplugMonitor(directory: discovery.inputDirectory)
        self.problems = ProblemLog(settleDelay: settleDelay)
    }

    /// The devices being read now.
    public var devices: [DeviceChoice] { openDevices.compactMap(\.choice) }

    /// How the device at `path` is read (its keymap), if it is read.
    public func device(at path: String) -> DeviceChoice? {
        openDevices.first { $0.path == path }?.choice
    }

    /// Looks for devices and opens those chosen: what is read, the problems met, or why
    /// nothing is. `wait` does this first when it was not called.
    public func start() -> KeypadWakeup {
        started = true
        let time = clock.now()
        return KeypadWakeup(time: time, events: rescan(settled: true))
    }

    /// Waits until something happens or `deadline` (CLOCK_MONOTONIC microseconds) passes, and
    /// says what: events read, devices come and gone, problems, `.readable` for the `extra`
    /// descriptors that are ready, `.deadlineReached`. With no deadline it waits with no
    /// timeout. The events may be none when what woke it concerned no one (a rescan that
    /// changed nothing). Each device's events come together and in order; events of different
    /// devices may interleave in time, as two keypads pressed at once do.
    public func wait(until deadline: Microseconds?, watching extra: [Int32] = []) throws(KeypadInputError) -> KeypadWakeup {
        if !started { return start() }
        let recheck = problems.nextCheck
        let wakeAt = [deadline, recheck].compactMap { $0 }.min()
        let sources = openDevices.map { EventLoop.Source.device($0.device.fileDescriptor) }
            + [.hotplug(monitor.fileDescriptor)] + extra.map { .extra($0) }
        var events: [KeypadEvent] = []
        var changed = false
        let wakeup = try loop.wait(for: sources, until: wakeAt)
        for wake in wakeup.wakes {
            switch wake {
            case .device(let descriptor, _, let vanished):
                if let device = openDevices.first(where: { $0.device.fileDescriptor == descriptor }) {
                    events += read(device, vanished: vanished)
                }
            case .hotplug:
                if try monitor.drain() { changed = true }
            case .extra(let descriptor):
                events.append(.readable(descriptor))
            case .deadline:
                break
            }
        }
        if let recheck, wakeup.time >= recheck { changed = true }
        if changed { events += rescan(settled: false) }
        if let deadline, wakeup.time >= deadline { events.append(.deadlineReached) }
        return KeypadWakeup(time: wakeup.time, events: events)
    }
}
