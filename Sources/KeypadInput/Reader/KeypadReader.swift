// SPDX-License-Identifier: Apache-2.0

public import Evdev
public import InputEvents
public import ProcessLoop
public import struct SystemPackage.FileDescriptor

/// Reads the keypads t9dial should read, for as long as it runs: the dialer's source of key
/// events.
///
/// It keeps the devices discovery chose open and follows hotplug: a keypad unplugged is let go
/// (its held keys released for the caller) and read again when it comes back, also when t9dial
/// started before it was plugged in. It grabs what discovery says to grab, once no key is down.
/// Problems with a device are reported once.
///
/// The reader waits for nothing itself: the process's one `EventLoop` waits on its `sources`
/// (with everything else the program waits on) and hands it what is ready (`handle`), and the
/// caller owns time. `wait` is that, for a program that waits for keypads alone:
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

    /// What the reader waits on: an open device, or the input directory's hotplug watch.
    public enum Source: Hashable, Sendable {
        case device(FileDescriptor)
        case hotplug
    }

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

    /// The descriptors to wait on for the reader: the devices read and the hotplug watch.
    public var sources: [EventLoop.Source<Source>] {
        openDevices.map { EventLoop.Source(.device($0.device.fileDescriptor), $0.device.fileDescriptor) }
            + [EventLoop.Source(.hotplug, monitor.fileDescriptor)]
    }

    /// When the reader must be handed a wake-up at the latest, ready sources or not: a device
    /// that appeared unreadable is looked at again once udev has had time to set it up. Nil
    /// when nothing waits.
    public var nextCheck: Microseconds? { problems.nextCheck }

    /// Acts on what of the reader's `sources` woke the loop at `time`: reads the devices that
    /// are ready, lets go those that are gone, and looks for devices again when the input
    /// directory changed or `nextCheck` has come. The events may be none when what woke it
    /// concerned no one (a rescan that changed nothing). Each device's events come together and
    /// in order; events of different devices may interleave in time, as two keypads pressed at
    /// once do.
    public func handle(_ ready: [EventLoop.Ready<Source>], at time: Microseconds) throws(KeypadInputError) -> KeypadWakeup {
        let recheck = problems.nextCheck
        var events: [KeypadEvent] = []
        var changed = false
        for source in ready {
            switch source.tag {
            case .device(let descriptor):
                if let device = openDevices.first(where: { $0.device.fileDescriptor == descriptor }) {
                    events += read(device, vanished: source.hungUp)
                }
            case .hotplug:
                if try monitor.drain() { changed = true }
            }
        }
        if let recheck, time >= recheck { changed = true }
        if changed { events += rescan(settled: false) }
        return KeypadWakeup(time: time, events: events)
    }

    /// Waits for the keypads alone until something happens or `deadline` (CLOCK_MONOTONIC
    /// microseconds) passes, and says what (`handle`); with no deadline it waits with no
    /// timeout. Looks for devices first (`start`) when that was not done.
    public func wait(until deadline: Microseconds?) throws(KeypadInputError) -> KeypadWakeup {
        if !started { return start() }
        let wakeup = try loop.wait(for: sources, until: [deadline, nextCheck].compactMap { $0 }.min())
        return try handle(wakeup.ready, at: wakeup.time)
    }
}
