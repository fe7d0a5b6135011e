// SPDX-License-Identifier: Apache-2.0

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

    /// The releases the debouncer holds back, waiting out the chatter window, by key code with
    /// their own times: `t9dial monitor` tells a release waiting from one dropped.
    public var heldBackReleases: [UInt16: Microseconds] { debouncer.heldBackReleases }

    /// What one call did, for a caller that shows its workings (`t9dial monitor`) rather than
    /// guessing them: the key events the debouncer let through to the gesture recognizer (held-back
    /// releases now due, with their own times, and the event itself unless it was dropped), and
    /// the gestures, as `handle` and `advance` return them.
    public struct Trace: Sendable, Hashable {
        public var passed: [InputEvent] = []
        public var gestures: [TimedGesture] = []
    }

    /// The gestures of one event, after those due by its time. Events of keys the keymap does
    /// not give or ignores (NumLock), `EV_MSC` and `EV_SYN` only move time on.
    public mutating func handle(_ event: InputEvent) -> [TimedGesture] {
        handleTraced(event).gestures
    }

    /// `handle(_:)`, saying also which events passed the debouncer. It is `handle` itself: the
    /// monitor sees the dialer's own debouncing, not a copy of it.
    public mutating func handleTraced(_ event: InputEvent) -> Trace {
        var trace = advanceTraced(to: event.time)
        guard event.type == EventType.key, recognizer.role(of: event.code) != nil else { return trace }
        let passed = debouncer.handle(event)
        trace.passed += passed
        // A press that proved a held-back release to be chatter lets that key's timers run on.
        trace.gestures += recognizer.advance(to: event.time, limits: debouncer.heldBackReleases)
        for debounced in passed {
            trace.gestures += recognizer.process(debounced)
        }
        return trace
    }

    /// The gestures due by `time`, in time order: taps of releases that have waited out the
    /// chatter window, and hold timers.
    public mutating func advance(to time: Microseconds) -> [TimedGesture] {
        advanceTraced(to: time).gestures
    }

    /// `advance(to:)`, saying also which held-back releases it let through.
    public mutating func advanceTraced(to time: Microseconds) -> Trace {
        var limits = debouncer.heldBackReleases
        var trace = Trace()
        for release in debouncer.advance(to: time) {
            trace.gestures += recognizer.advance(to: release.time, limits: limits)
            trace.gestures += recognizer.process(release)
            trace.passed.append(release)
            limits[release.code] = nil
        }
        trace.gestures += recognizer.advance(to: time, limits: limits)
        return trace
    }

    /// What key `code` does by the keymap, nil when the keymap does not give it or marks it
    /// `ignore`; the interpreter passes only these keys to the debouncer.
    public func role(of code: UInt16) -> KeyRole? { recognizer.role(of: code) }

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
