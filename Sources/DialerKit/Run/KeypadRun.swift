public import DialerEngine
public import KeypadInput

/// `t9dial run` on real keypads: reads what discovery chooses, follows hotplug, and drives the
/// dialer, sleeping in poll until a key or the dialer's next timer.
///
/// A keypad unplugged mid-query is let go with its held keys released in t9dial's own state
/// (they act as nothing, not as taps) and the query kept; it is read again when it returns,
/// also when t9dial starts before it is plugged in. Messages about devices go to `log`.
public struct KeypadRun {
    public var setup: KeypadSetup
    public var discovery: DeviceDiscovery

    /// A run reading `device` (nil: the config's, else the udev link, else discovery), grabbing
    /// keypads unless `grab` is false.
    public init(setup: KeypadSetup, device: String?, grab: Bool, inputDirectory: String = "/dev/input") {
        self.setup = setup
        self.discovery = DeviceDiscovery(
            inputDirectory: inputDirectory,
            namedDevice: device ?? setup.settings.device,
            keymaps: setup.candidateKeymaps,
            grab: grab && setup.settings.grab
        )
    }

    /// Runs until the process is stopped; returns only when reading fails as a whole.
    public func run(
        machine: DialerMachine, display: inout some DialerDisplay, clock: MonotonicClock = .system, log: (String) -> Void
    ) throws(DialerError) {
        let reader: KeypadReader
        do {
            reader = try KeypadReader(discovery: discovery, clock: clock)
        } catch {
            throw .other(error.description)
        }
        var devices: [String: Int] = [:]
        var nextDevice = 0
        display.show(machine.session.screen)

        func process(_ events: [KeypadEvent]) {
            for event in events {
                switch event {
                case .connected(let choice):
                    devices[choice.info.path] = nextDevice
                    machine.attach(device: nextDevice, keymap: choice.keymap, timing: setup.timing)
                    nextDevice += 1
                    log(event.description)
                case .input(let path, let inputs):
                    guard let device = devices[path] else { continue }
                    for input in inputs { display.apply(machine.handle(input, from: device)) }
                case .disconnected(let path, _, _):
                    if let device = devices.removeValue(forKey: path) {
                        display.apply(machine.detach(device: device, at: clock.now()))
                    }
                    log(event.description)
                case .grabbed, .problem, .noKeypad:
                    log(event.description)
                case .readable, .deadlineReached:
                    break
                }
            }
            display.apply(machine.advance(to: clock.now()))
        }

        process(reader.start())
        while true {
            do {
                process(try reader.wait(until: machine.nextDeadline))
            } catch {
                throw .other(error.description)
            }
        }
    }
}
