// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// The whole dialer, from raw key events to screens and dials: each keypad's events go through
/// its own `KeyInterpreter` (its keymap, its debouncing) into one `DialerSession`.
///
/// A keypad whose keymap names a hook switch has its own `HookDebouncer` too: the hook's
/// events go there, not to the keys, and its settled changes to `DialerSession.hookChanged`.
///
/// Pure like its parts: a live keypad, a recording and a test drive it the same way, by handing
/// it events and calling `advance(to:)` when `nextDeadline` comes. Every timer, a key's, a
/// hook's and the session's, fires in time order, so a hold that fires before a multi-tap
/// commit acts first.
public final class DialerMachine {
    public let session: DialerSession
    private var interpreters: [Int: KeyInterpreter] = [:]
    private var hooks: [Int: HookDebouncer] = [:]

    /// Told of each key that goes down, with its role, as soon as its keypad's interpreter
    /// (or the terminal) makes it out, before the session acts on it and whether or not it is
    /// held back: what a key sounds like does not wait for the book. Nil: nobody listens.
    public var keyWentDown: ((KeyRole) -> Void)?

    public init(session: DialerSession) {
        self.session = session
    }

    /// The keypads being read, by the caller's device number.
    public var devices: [Int] { interpreters.keys.sorted() }

    /// Starts reading a keypad: its events come as `handle(_:from:)` with this `device` number.
    /// When the keymap names a hook switch, its state is unknown until `hookRead(lifted:on:)`.
    public func attach(device: Int, keymap: Keymap, timing: KeyTiming) {
        interpreters[device] = KeyInterpreter(keymap: keymap, timing: timing)
        session.keyLabels.merge(keymap.roleLabels) { first, _ in first }
        hooks[device] = keymap.hook.map(HookDebouncer.init)
    }

    /// Takes the state of `device`'s hook switch as read from the device when it was opened,
    /// at start or replugged: the handset lifted before t9dial looked sends no event. It is
    /// the state from now on, not a lift or a replacement: it answers and hangs up nothing.
    public func hookRead(lifted: Bool, on device: Int) {
        hooks[device]?.start(lifted: lifted)
    }

    /// Whether `device`'s handset is lifted, as its hook switch last settled; nil when its
    /// keymap names no hook or the state is not known yet.
    public func isHandsetLifted(on device: Int) -> Bool? {
        hooks[device]?.isLifted
    }

    /// Stops reading a keypad (unplugged): keys it held are released in t9dial's own state,
    /// without acting as taps. Its hook switch is forgotten, neither lifted nor replaced: the
    /// state is read again when it comes back. What was due by `time` happens first.
    public func detach(device: Int, at time: Microseconds) -> [DialerUpdate] {
        var updates = advance(to: time)
        hooks[device] = nil
        if var interpreter = interpreters.removeValue(forKey: device) {
            updates += deliver(interpreter.releaseAll(at: time))
        }
        return updates
    }

    /// The earliest moment something is due: a key's timer, a hook's or the session's.
    public var nextDeadline: Microseconds? {
        (interpreters.values.compactMap(\.nextDeadline) + hooks.values.compactMap(\.nextDeadline)
            + [session.nextDeadline].compactMap { $0 }).min()
    }

    /// What one event from `device` changes, after everything due by its time. The hook
    /// switch's events go to its `HookDebouncer`, the rest to the keys.
    public func handle(_ event: InputEvent, from device: Int) -> [DialerUpdate] {
        var updates = advance(to: event.time)
        if var hook = hooks[device], hook.hook.matches(event) {
            let changes = hook.handle(event)
            hooks[device] = hook
            return updates + deliver(changes)
        }
        guard var interpreter = interpreters[device] else { return updates }
        let gestures = interpreter.handle(event)
        interpreters[device] = interpreter
        tell(gestures)
        updates += deliver(gestures)
        return updates
    }

    /// Gestures that come ready-made, from a source without key events (a terminal).
    public func handle(_ gestures: [TimedGesture]) -> [DialerUpdate] {
        handle(gestures, new: true)
    }

    /// `gestures` in time order; `new` when they were not told of before (held back).
    private func handle(_ gestures: [TimedGesture], new: Bool) -> [DialerUpdate] {
        var updates: [DialerUpdate] = []
        for gesture in gestures {
            updates += advance(to: gesture.time)
            if new { tell([gesture]) }
            updates += deliver([gesture])
        }
        return updates
    }

    /// Fires, in time order, every timer due by `time`.
    public func advance(to time: Microseconds) -> [DialerUpdate] {
        var updates: [DialerUpdate] = []
        var previous: (due: Microseconds, timer: Timer)? = nil
        while let due = nextDeadline, due <= time {
            let timer = firstTimer(due: due)
            // A timer that is still due after firing would spin here for ever; each part
            // clears its own deadline, so this only guards against a bug in one of them.
            if let previous, previous.due == due, previous.timer == timer {
                assertionFailure("a timer at \(due) did not clear itself")
                break
            }
            previous = (due, timer)
            switch timer {
            case .keys(let device):
                guard var interpreter = interpreters[device] else { break }
                let gestures = interpreter.advance(to: due)
                interpreters[device] = interpreter
                tell(gestures)
                updates += deliver(gestures)
            case .hook(let device):
                guard var hook = hooks[device] else { break }
                let changes = hook.advance(to: due)
                hooks[device] = hook
                updates += deliver(changes)
            case .session:
                updates += session.advance(to: due)
            }
        }
        return updates
    }

    /// Whose timer fires.
    private enum Timer: Equatable {
        case keys(Int)
        case hook(Int)
        case session
    }

    /// The timer due at `due` that fires first: a key's (its gestures go to the session), then
    /// a hook's, then the session's.
    private func firstTimer(due: Microseconds) -> Timer {
        if let device = interpreters.filter({ $0.value.nextDeadline == due }).map(\.key).min() { return .keys(device) }
        if let device = hooks.filter({ $0.value.nextDeadline == due }).map(\.key).min() { return .hook(device) }
        return .session
    }

    /// Whether keys that act on the results are held back: while the book read at start
    /// loads, there are no results yet, and a dial must call the contact the query finds in
    /// the book, not the digits typed. The first key that picks or dials (`*`, next, previous,
    /// `#`, dial) and every key after it wait, in order, for `stopHoldingBack(at:)`; the keys
    /// before it (the query) are typed, and shown, at once.
    public private(set) var holdsBackDials = false
    private var heldBack: [TimedGesture] = []

    /// Holds back keys that act on the results from now on (see `holdsBackDials`).
    public func holdBackDials() {
        holdsBackDials = true
    }

    /// Lets the keys held back through, as they came, then runs the timers due by `time`.
    public func stopHoldingBack(at time: Microseconds) -> [DialerUpdate] {
        holdsBackDials = false
        let held = heldBack
        heldBack = []
        return handle(held, new: false) + advance(to: time)
    }

    private static let actsOnResults: Set<KeyRole> = [.star, .next, .previous, .pound, .dial]

    /// A digit held may call a speed dial's contact, which the book must have to be found.
    private static func mayCallAContact(_ gesture: KeyGesture) -> Bool {
        if case .held(.digit(let digit)) = gesture { return (2...9).contains(digit) }
        return false
    }

    /// Drops the keys held back (the book they were for could not be read: a dial among them
    /// would call the digits typed, which the user did not ask for), and holds no more back.
    public func dropHeldBack() {
        holdsBackDials = false
        heldBack = []
    }

    /// The hook's changes go to the session at once: answering is not a dial held back.
    private func deliver(_ changes: [HookDebouncer.Change]) -> [DialerUpdate] {
        changes.flatMap { session.hookChanged(lifted: $0.lifted, at: $0.time) }
    }

    /// Tells `keyWentDown` of the keys among `gestures` that went down.
    private func tell(_ gestures: [TimedGesture]) {
        // The key that wakes the screen does nothing, and sounds like nothing either.
        guard let keyWentDown, !session.isAsleep else { return }
        for case .pressed(let role) in gestures.map(\.gesture) { keyWentDown(role) }
    }

    private func deliver(_ gestures: [TimedGesture]) -> [DialerUpdate] {
        var updates: [DialerUpdate] = []
        for gesture in gestures {
            // An emergency number typed is dialled as typed: it waits for no book.
            let emergency = heldBack.isEmpty && session.typedEmergencyNumber != nil
            if holdsBackDials, !session.onlyWakes(gesture.gesture), !emergency,
                !heldBack.isEmpty || Self.actsOnResults.contains(gesture.gesture.role) || Self.mayCallAContact(gesture.gesture)
            {
                heldBack.append(gesture)
            } else {
                updates += session.handle(gesture)
            }
        }
        return updates
    }
}
