// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import InputEvents
import Evdev

/// The pipeline of `t9dial monitor`: each device's events go through the dialer's own
/// `KeyInterpreter` (keymap, debouncer, gestures) and its gestures into a `DialerSession` with
/// no contacts, which turns taps into multi-tap letters as the dialer would. Nothing is
/// re-implemented: the monitor reads the interpreter's trace (what passed the debouncer) and
/// the session's query, and says for each event what came of it.
///
/// Pure like the engine: time is the events' own and what `advance(to:)` is given, so a
/// recording is monitored exactly as the live keypad would be. A release the debouncer holds
/// back is shown once its fate is known: when the chatter window ends (passed) or when the key
/// bounces down again (both dropped as chatter), at most the chatter window later.
public final class KeyMonitor {
    public let timing: KeyTiming
    public let session: DialerSession
    private var devices: [String: DeviceState] = [:]

    private struct DeviceState {
        var interpreter: KeyInterpreter
        /// Releases held back by the debouncer, by key code, shown once their fate is known.
        var waiting: [UInt16: InputEvent] = [:]
        /// The keys the recognizer has down, for naming the key of a hold timer.
        var down: [UInt16: KeyRole] = [:]
    }

    /// A monitor whose taps become letters in `session` (a session over an empty book, in the
    /// mode the dialer starts in).
    public init(session: DialerSession, timing: KeyTiming) {
        self.session = session
        self.timing = timing
    }

    /// Starts following the device at `path`, read with `keymap`.
    public func attach(device path: String, keymap: Keymap) {
        devices[path] = DeviceState(interpreter: KeyInterpreter(keymap: keymap, timing: timing))
    }

    /// Stops following the device at `path` (unplugged): its held keys are forgotten.
    public func detach(device path: String) {
        devices[path] = nil
    }

    /// The devices followed.
    public var devicePaths: [String] { devices.keys.sorted() }

    /// When `advance(to:)` next has something to show: a held-back release or a hold timer due.
    /// The session's own timers (a multi-tap letter committed) show nothing and wake nothing.
    public var nextDeadline: Microseconds? {
        devices.values.compactMap(\.interpreter.nextDeadline).min()
    }

    /// The lines of one event from the device at `path`, after the lines due by its time. An
    /// event of a device not attached, `EV_SYN` and `EV_MSC` only move time on.
    public func handle(_ event: InputEvent, from path: String) -> [MonitorLine] {
        var lines = advance(to: event.time)
        guard var state = devices[path] else { return lines }
        let trace = state.interpreter.handleTraced(event)
        guard event.type == EventType.key else {
            lines += describe(trace, device: path, state: &state)
            devices[path] = state
            return lines
        }
        let key = Self.name(of: event.code)
        let kind: MonitorLine.Event =
            switch event.value {
            case KeyValue.press: .press
            case KeyValue.release: .release
            default: .autorepeat
            }
        guard let role = state.interpreter.role(of: event.code) else {
            let meaning: MonitorLine.Meaning =
                state.interpreter.keymap.roles[event.code] == .ignore ? .ignored(key) : .notInKeymap(key)
            lines += describe(trace, device: path, state: &state)
            lines.append(MonitorLine(time: event.time, device: path, key: key, event: kind, meaning: meaning, debounce: nil))
            devices[path] = state
            return lines
        }
        // The event's own fate, from the trace and from what the debouncer holds back now.
        var own: MonitorLine?
        let line = MonitorLine(time: event.time, device: path, key: key, event: kind, meaning: .role(role), debounce: nil)
        if trace.passed.contains(event) {
            // Its line is made with the other passed events, with its gestures.
        } else if kind == .release, state.interpreter.heldBackReleases[event.code] == event.time {
            state.waiting[event.code] = event
        } else if kind == .press, let release = state.waiting.removeValue(forKey: event.code) {
            // Down again within the window: the release waiting and this press were chatter.
            var bounced = line
            bounced.time = release.time
            bounced.event = .release
            bounced.debounce = .droppedAsChatter
            lines.append(bounced)
            own = line
            own?.debounce = .droppedAsChatter
        } else {
            own = line
            own?.debounce =
                switch kind {
                case .press: .droppedAlreadyDown
                case .release: .droppedNotDown
                default: .droppedAsChatter  // a repeat of a key whose release is waiting
                }
        }
        lines += describe(trace, device: path, state: &state)
        if let own { lines.append(own) }
        devices[path] = state
        return Self.inTimeOrder(lines)
    }

    /// The lines due by `time`: releases that waited out the chatter window, hold timers.
    public func advance(to time: Microseconds) -> [MonitorLine] {
        var lines: [MonitorLine] = []
        for path in devices.keys.sorted() {
            guard var state = devices[path] else { continue }
            let trace = state.interpreter.advanceTraced(to: time)
            lines += describe(trace, device: path, state: &state)
            devices[path] = state
        }
        _ = session.advance(to: time)
        return Self.inTimeOrder(lines)
    }

    /// The lines of what passed the debouncer in `trace`, each with the gestures it became, and
    /// a line for each hold timer that fired; every gesture also goes to the session.
    private func describe(_ trace: KeyInterpreter.Trace, device path: String, state: inout DeviceState) -> [MonitorLine] {
        var lines: [MonitorLine] = []
        for passed in trace.passed where passed.type == EventType.key {
            guard let role = state.interpreter.role(of: passed.code) else { continue }
            let kind: MonitorLine.Event =
                switch passed.value {
                case KeyValue.press: .press
                case KeyValue.release: .release
                default: .autorepeat
                }
            if kind == .release { state.waiting[passed.code] = nil }
            if kind == .press { state.down[passed.code] = role }
            lines.append(
                MonitorLine(
                    time: passed.time, device: path, key: Self.name(of: passed.code), event: kind, meaning: .role(role),
                    debounce: .passed, gestures: kind == .autorepeat ? ["none: a repeat types nothing, holds are timed from the press"] : []
                ))
        }
        for timed in trace.gestures {
            let said = say(timed)
            switch timed.gesture {
            case .pressed(let role):
                if let index = lines.firstIndex(where: { $0.time == timed.time && $0.event == .press && $0.meaning == .role(role) }) {
                    lines[index].gestures.append(said)
                }
            case .tapped(let role):
                if let index = lines.firstIndex(where: { $0.time == timed.time && $0.event == .release && $0.meaning == .role(role) }) {
                    lines[index].gestures.append(said)
                }
            case .held(let role), .heldLonger(let role):
                let code = state.down.first { $0.value == role }?.key
                lines.append(
                    MonitorLine(
                        time: timed.time, device: path, key: code.map(Self.name(of:)) ?? "-", event: .stillDown, meaning: .role(role),
                        debounce: nil, gestures: [said]
                    ))
            }
        }
        // A release that passed after a hold becomes no tap: say so, rather than nothing.
        for index in lines.indices where lines[index].event == .release && lines[index].debounce == .passed && lines[index].gestures.isEmpty {
            lines[index].gestures = ["release after a hold: no tap"]
        }
        for passed in trace.passed where passed.type == EventType.key && passed.value == KeyValue.release {
            state.down[passed.code] = nil
        }
        return lines
    }

    /// What a gesture is called, and what the dialer's session did with it: the letter a
    /// multi-tap tap chose, or the query it typed.
    private func say(_ timed: TimedGesture) -> String {
        let before = session.screen.query
        _ = session.handle(timed)
        let after = session.screen.query
        let name: String =
            switch timed.gesture {
            case .pressed: "press"
            case .tapped: "tap"
            case .held: "long press"
            case .heldLonger: "held \(Double(timing.clearHold) / 1_000_000) s"
            }
        guard after != before else { return name }
        // In multi-tap, a press chooses the letter at once (each press of the key the next one),
        // pending until the commit time or another key.
        if case .multiTap = session.screen.mode, let letter = after.pending {
            return "\(name), multi-tap letter \(letter) (query \"\(after.text)\")"
        }
        return "\(name), query \"\(after.text)\""
    }

    /// libevdev's name of key `code` (KEY_KP5), or "key 700" when it has none.
    static func name(of code: UInt16) -> String {
        EventCodes.keyName(of: code) ?? "key \(code)"
    }

    /// Stable: lines at the same time keep their order.
    private static func inTimeOrder(_ lines: [MonitorLine]) -> [MonitorLine] {
        lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}
