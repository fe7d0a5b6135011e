public import InputEvents

/// What a keypad's keys did, from its raw events: contact chatter dropped (`KeyDebouncer`),
/// then each key pressed, tapped, held or held longer by the keymap (`KeyGestureRecognizer`).
///
/// It is pure: time is only the events' own times and what the caller passes to `advance(to:)`,
/// so a live keypad and an evemu recording give the same gestures, and tests need no waiting.
/// The caller hands it every event, and calls `advance(to:)` when `nextDeadline` comes.
///
/// Gestures come out as soon as they are certain. A tap is certain only once its release has
/// waited out the chatter window, so its gesture (stamped with the release time) can follow a
/// gesture of another key pressed within that window. A hold timer of a key whose release is
/// waiting fires only once the release proves to be chatter, still stamped with its own time.
public struct KeyInterpreter: Sendable {
    public let timing: KeyTiming
    private var debouncer: KeyDebouncer
    private var recognizer: KeyGestureRecognizer

    public init(keymap: Keymap, timing: KeyTiming = KeyTiming()) {
        self.timing = timing
        self.debouncer = KeyDebouncer(window: timing.debounce)
        self.recognizer = KeyGestureRecognizer(keymap: keymap, longPress: timing.longPress, clearHold: timing.clearHold)
    }

    public var keymap: Keymap { recognizer.keymap }

    /// When `advance(to:)` next has something to do: a held-back release to let through or a
    /// hold timer to fire; nil when nothing is pending.
    public var nextDeadline: Microseconds? {
        let timer = recognizer.nextDeadline(limits: debouncer.heldBackReleases)
        return [debouncer.nextDeadline, timer].compactMap { $0 }.min()
    }

    /// The gestures of one event, after those due by its time. Events of keys the keymap does
    /// not give or ignores (NumLock), `EV_MSC` and `EV_SYN` only move time on.
    public mutating func handle(_ event: InputEvent) -> [TimedGesture] {
        var gestures = advance(to: event.time)
        guard event.type == EventType.key, recognizer.role(of: event.code) != nil else { return gestures }
        let passed = debouncer.handle(event)
        // A press that proved a held-back release to be chatter lets that key's timers run on.
        gestures += recognizer.advance(to: event.time, limits: debouncer.heldBackReleases)
        for debounced in passed {
            gestures += recognizer.process(debounced)
        }
        return gestures
    }

    /// The gestures due by `time`, in time order: taps of releases that have waited out the
    /// chatter window, and hold timers.
    public mutating func advance(to time: Microseconds) -> [TimedGesture] {
        var limits = debouncer.heldBackReleases
        var gestures: [TimedGesture] = []
        for release in debouncer.advance(to: time) {
            gestures += recognizer.advance(to: release.time, limits: limits)
            gestures += recognizer.process(release)
            limits[release.code] = nil
        }
        gestures += recognizer.advance(to: time, limits: limits)
        return gestures
    }

    /// Forgets every key, for when the device is unplugged: no key is tapped, and releases
    /// still in the chatter window are dropped. Gestures due by `time` come first.
    @discardableResult
    public mutating func releaseAll(at time: Microseconds) -> [TimedGesture] {
        let gestures = advance(to: time)
        debouncer.releaseAll()
        recognizer.forgetKeys()
        return gestures
    }

    /// The gestures of a whole recording: every event handled in turn, then time run on until
    /// `end` (by default until every timer has fired, as if the keypad were then left alone).
    public mutating func replay(_ events: some Sequence<InputEvent>, until end: Microseconds = .max) -> [TimedGesture] {
        var gestures: [TimedGesture] = []
        for event in events {
            gestures += handle(event)
        }
        gestures += advance(to: end)
        return gestures
    }
}
