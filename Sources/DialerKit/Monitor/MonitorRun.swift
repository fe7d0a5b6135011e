// SPDX-License-Identifier: Apache-2.0

import DialerEngine
public import Diagnostics
import Evdev
import Foundation
import InputEvents
import KeypadInput
public import Phonebook
public import ProcessLoop
public import DialerConfig
import T9Search

/// `t9dial monitor`: the keypads as the dialer sees them, event by event (`KeyMonitor`), live
/// from the devices or from an evemu recording.
///
/// Devices are read shared, never grabbed, so the monitor runs beside the service. But a device
/// the service has grabbed sends its keys to the service alone: the monitor tries a grab of its
/// own on each device it reads (let go at once), and says how to proceed when another program
/// holds it.
public enum MonitorRun {
    /// What the monitor needs of the config: the keys' timing and keymaps, and a dialer session
    /// with no contacts in the mode the dialer starts in, for the multi-tap letters. The
    /// contacts are not read: the monitor needs none, and works before any are set up.
    public static func setup(_ overrides: Book.Overrides, mode: KeypadSettings.EntryMode?) throws(DialerError) -> (KeypadSetup, KeyMonitor) {
        let book: Book
        do { book = try Book.loadWithoutContacts(overrides) } catch { throw .book(error) }
        let setup = try KeypadSetup.load(for: book, mode: mode)
        let session: DialerSession
        do { session = try DialerSession(index: book.index, settings: setup.dialerSettings) } catch { throw .settings(error) }
        return (setup, KeyMonitor(session: session, timing: setup.timing))
    }

    /// Whether systemd says the t9dial service is running here (false where systemd does not run).
    public static func serviceIsRunning() -> Bool {
        ServiceState.ofThisMachine(unit: Doctor.unitName)?.active == "active"
    }

    /// The header of the output: what each column is.
    public static let header = "# seconds, device, key, event, what the keymap makes of it, what debouncing did, the gesture and what it typed"

    /// Monitors the recording at `path` (an evemu file), writing each line to `write` (which
    /// ends the monitoring by throwing, `DialerError.output` when the line cannot be written); the
    /// device is named by the recording's path. When the recording ends, the timers still
    /// pending run as if the keypad were then left alone.
    public static func replay(path: String, setup: KeypadSetup, monitor: KeyMonitor, write: (String) throws(DialerError) -> Void) throws(DialerError) {
        let replay = try ReplayRun.load(path: path, setup: setup, realtime: false)
        try write("\(path): \(replay.recording.events.count) events, read with keymap \(replay.keymap.id)")
        try write(header)
        monitor.attach(device: path, keymap: replay.keymap)
        for event in replay.recording.events {
            for line in monitor.handle(event, from: path) { try write(line.description) }
        }
        let end = (replay.recording.events.last?.time ?? 0).addingSaturated(
            max(setup.timing.clearHold, setup.timing.longPress) + setup.timing.debounce)
        for line in monitor.advance(to: end) { try write(line.description) }
    }

    /// Monitors the keypads live until one of `signals` comes, which it returns: the device at
    /// `device`, else every input device, followed through hotplug; a device no keymap fits is
    /// read too, its keys all "not in keymap". Each key event
    /// is written as soon as its fate is known; between events the process sleeps in the loop.
    public static func live(
        device: String?, setup: KeypadSetup, monitor: KeyMonitor, signals: borrowing SignalSource,
        serviceIsRunning: Bool, inputDirectory: String = "/dev/input", write: (String) throws(DialerError) -> Void
    ) throws(DialerError) -> Int32 {
        let discovery = DeviceDiscovery(inputDirectory: inputDirectory, namedDevice: device, keymaps: setup.candidateKeymaps, everyDevice: true)
        let loop = EventLoop()
        // Read on a thread of its own, as `t9dial run` reads them: what the monitor shows is
        // what the dialer gets, not what a slow terminal made the kernel drop.
        let input: ThreadedKeypadReader
        do { input = try ThreadedKeypadReader(discovery: discovery, clock: loop.clock) } catch { throw .input(error) }
        if serviceIsRunning {
            try write(
                "note: the t9dial service is running. A keypad it grabbed sends its keys to it alone; "
                    + "if no key shows here, stop it (sudo systemctl stop t9dial), run t9dial monitor again, "
                    + "then sudo systemctl start t9dial")
        }
        try write(header)
        try process(input.start(), monitor: monitor, write: write)
        while true {
            let sources = [EventLoop.Source(LoopSource.keypads, input.descriptor), EventLoop.Source(LoopSource.signals, signals.descriptor)]
            let wakeup: EventLoop.Wakeup<LoopSource>
            do {
                wakeup = try loop.wait(for: sources, until: monitor.nextDeadline)
            } catch {
                throw .loop(error)
            }
            if wakeup.isReady(.signals), let signal = signals.received().first { return signal }
            let keys: KeypadWakeup
            do { keys = try input.take(at: wakeup.time) } catch { throw .input(error) }
            try process(keys, monitor: monitor, write: write)
            for line in monitor.advance(to: wakeup.time) { try write(line.description) }
        }
    }

    /// Writes the lines of one wake-up's key events and says which devices come, go, or cannot
    /// be read, in the order the reader told them; the key events between two device changes
    /// in time order.
    private static func process(_ wakeup: KeypadWakeup, monitor: KeyMonitor, write: (String) throws(DialerError) -> Void) throws(DialerError) {
        var inputs: [(path: String, event: InputEvent)] = []
        for event in wakeup.events {
            if case .input(let path, let events) = event {
                inputs += events.map { (path, $0) }
                continue
            }
            try handle(inputs, monitor: monitor, write: write)
            inputs = []
            switch event {
            case .connected(let choice):
                monitor.attach(device: choice.path, keymap: choice.keymap)
                try write("reading \(choice.info), shared (not grabbed), with keymap \(choice.keymap.id): \(choice.classification.reason)")
                if let holder = grabbedElsewhere(choice.path) { try write(holder) }
            case .disconnected(let path, _, _):
                monitor.detach(device: path)
                try write(event.description)
            case .noKeypad, .problem, .grabbed, .hookRead, .input:
                try write(event.description)
            }
        }
        try handle(inputs, monitor: monitor, write: write)
    }

    /// Writes the lines of key events, in time order; stable, so each device's own events stay
    /// in the order it sent them.
    private static func handle(_ inputs: [(path: String, event: InputEvent)], monitor: KeyMonitor, write: (String) throws(DialerError) -> Void)
        throws(DialerError)
    {
        for input in inputs.enumerated().sorted(by: { ($0.element.event.time, $0.offset) < ($1.element.event.time, $1.offset) }) {
            for line in monitor.handle(input.element.event, from: input.element.path) { try write(line.description) }
        }
    }

    /// What to say when another program (the t9dial service, most likely) holds the grab of
    /// the device at `path`, so that its keys never reach the monitor; nil when none does.
    /// It asks the kernel by grabbing the device and letting go at once (EVIOCGRAB fails with
    /// EBUSY when another holds it), but not while a key is down, whose release other readers
    /// would then miss.
    static func grabbedElsewhere(_ path: String) -> String? {
        var device: EvdevDevice
        do { device = try EvdevDevice(path: path) } catch { return nil }
        guard !device.anyKeyDown else { return nil }
        do {
            try device.grab()
        } catch {
            guard error.kind == .grabbedElsewhere else { return nil }
            return "\(path) is grabbed by another program, most likely the t9dial service: its keys reach only that program and "
                + "none will show here. Stop the service (sudo systemctl stop t9dial), run t9dial monitor again, and start the service "
                + "when done (sudo systemctl start t9dial); or check who holds it: sudo fuser -v \(path)"
        }
        try? device.ungrab()
        return nil
    }
}
