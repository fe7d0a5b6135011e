// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// Turns debounced key events into what each key did, by the keymap: pressed at once, then
/// tapped if released before `longPress`, or held at `longPress` and held longer at
/// `clearHold`, both timed from the press.
///
/// The hold timers run from the press whether or not the device autorepeats, so a USB numpad
/// (which repeats) and a matrix keypad with `linux,no-autorepeat` behave alike; autorepeat
/// events never type. `EV_MSC` and `EV_SYN` events, keys the keymap does not give, and keys it
/// marks `ignore` (NumLock, which some numpads wrap around every key) are dropped.
///
/// Times are the events' own; the caller calls `advance(to:)` when `nextDeadline` comes.
public struct KeyGestureRecognizer: Sendable {
    public let keymap: Keymap
    /// Released before this, a key is tapped; still down at it, a key is held. At least 0.
    public let longPress: Microseconds
    /// Still down at this, a key is held longer; never before `longPress`, so a shorter time
    /// is taken as `longPress` and both gestures come together, held first.
    public let clearHold: Microseconds
    private var downKeys: [UInt16: DownKey] = [:]

    /// A key that is down, and how far its hold has come.
    private struct DownKey: Sendable {
        var role: KeyRole
        var pressTime: Microseconds
        var isHeld = false
        var isHeldLonger = false
    }

    public init(
        keymap: Keymap,
        longPress: Microseconds = KeyTiming().longPress,
        clearHold: Microseconds = KeyTiming().clearHold
    ) {
        self.keymap = keymap
        self.longPress = max(0, longPress)
        self.clearHold = max(clearHold, self.longPress)
    }

    /// What key `code` does, nil when the keymap does not give it or marks it `ignore`.
    public func role(of code: UInt16) -> KeyRole? {
        guard let role = keymap.roles[code], role != .ignore else { return nil }
        return role
    }

    /// The codes of the keys that are down.
    public var downKeyCodes: Set<UInt16> { Set(downKeys.keys) }

    /// When the next hold timer fires; nil when no key is down or every hold has fired.
    public var nextDeadline: Microseconds? { nextDeadline(limits: [:]) }

    /// The gestures of `event`: first the hold timers due by its time, then its own.
    public mutating func handle(_ event: InputEvent) -> [TimedGesture] {
        advance(to: event.time) + process(event)
    }

    /// The hold timers due by `time`, earliest first.
    public mutating func advance(to time: Microseconds) -> [TimedGesture] {
        advance(to: time, limits: [:])
    }

    /// Forgets every key that is down, without tapping any, for when the device is unplugged.
    /// The hold timers due by `time` fire first, since those keys were held that long.
    @discardableResult
    public mutating func releaseAll(at time: Microseconds) -> [TimedGesture] {
        let gestures = advance(to: time)
        forgetKeys()
        return gestures
    }

    // MARK: Timers with limits

    /// `nextDeadline`, counting for each key in `limits` only the timers at or before its
    /// limit. `KeyInterpreter` limits a key whose release the debouncer holds back to that
    /// release's time: whether the key is still down later is not known yet.
    func nextDeadline(limits: [UInt16: Microseconds]) -> Microseconds? {
        nextTimer(by: .max, limits: limits)?.deadline
    }

    /// `advance(to:)`, firing a key's timers only up to its limit in `limits`.
    mutating func advance(to time: Microseconds, limits: [UInt16: Microseconds]) -> [TimedGesture] {
        var gestures: [TimedGesture] = []
        while let (code, _) = nextTimer(by: time, limits: limits), let gesture = fireTimer(of: code) {
            gestures.append(gesture)
        }
        return gestures
    }

    /// The gestures of `event` alone: no timers of other keys are run, so the caller decides
    /// how far time has come for them.
    mutating func process(_ event: InputEvent) -> [TimedGesture] {
        guard event.type == EventType.key, let role = role(of: event.code) else { return [] }
        switch event.value {
        case KeyValue.press:
            guard downKeys[event.code] == nil else { return [] }
            downKeys[event.code] = DownKey(role: role, pressTime: event.time)
            return [TimedGesture(time: event.time, gesture: .pressed(role))]
        case KeyValue.release:
            guard downKeys[event.code] != nil else { return [] }
            var gestures: [TimedGesture] = []
            while let deadline = timer(of: event.code), deadline <= event.time, let gesture = fireTimer(of: event.code) {
                gestures.append(gesture)
            }
            if let key = downKeys.removeValue(forKey: event.code), !key.isHeld {
                gestures.append(TimedGesture(time: event.time, gesture: .tapped(key.role)))
            }
            return gestures
        default:
            // Autorepeat (2) never types: the hold timers time the key instead.
            return []
        }
    }

    /// Forgets every key that is down, firing nothing.
    mutating func forgetKeys() {
        downKeys = [:]
    }

    // MARK: Timers

    /// When the next timer of key `code` fires, nil when none is left.
    private func timer(of code: UInt16) -> Microseconds? {
        guard let key = downKeys[code] else { return nil }
        if !key.isHeld { return key.pressTime.addingSaturated(longPress) }
        if !key.isHeldLonger { return key.pressTime.addingSaturated(clearHold) }
        return nil
    }

    /// The earliest timer due by `time` (and by its key's limit), the lowest code first on a tie.
    private func nextTimer(by time: Microseconds, limits: [UInt16: Microseconds]) -> (code: UInt16, deadline: Microseconds)? {
        var earliest: (code: UInt16, deadline: Microseconds)?
        for code in downKeys.keys {
            guard let deadline = timer(of: code), deadline <= min(time, limits[code] ?? .max) else { continue }
            if let current = earliest, (current.deadline, current.code) < (deadline, code) { continue }
            earliest = (code, deadline)
        }
        return earliest
    }

    /// Fires key `code`'s next timer, whether or not it is due; nil when it has none left.
    private mutating func fireTimer(of code: UInt16) -> TimedGesture? {
        guard let deadline = timer(of: code), var key = downKeys[code] else { return nil }
        let gesture: KeyGesture
        if !key.isHeld {
            key.isHeld = true
            gesture = .held(key.role)
        } else {
            key.isHeldLonger = true
            gesture = .heldLonger(key.role)
        }
        downKeys[code] = key
        return TimedGesture(time: deadline, gesture: gesture)
    }
}
