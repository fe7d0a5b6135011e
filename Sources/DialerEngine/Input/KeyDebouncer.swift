// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// Drops contact chatter from a device's key events, per key code, judged on the events' own
/// times, so a recording debounces exactly as the live keypad did.
///
/// Presses are never delayed: typing must not wait for a timer. Instead a *release* is held back
/// for `window`:
/// - if the same key goes down again within the window, the release and that press are both
///   chatter and are dropped; the key stays down, as it really was;
/// - otherwise the release is passed on when the window ends, with its own original time, so a
///   genuine very short tap, shorter than the window, still releases and is timed right.
///
/// So a press less than `window` after the key's last release is chatter, and so is a release
/// less than `window` after its press when the key bounces down again. A press of a key that is
/// already down (in this view) and a release of a key that is up are dropped too, as is
/// autorepeat of a key whose release is held back. Events other than keys pass through.
///
/// The caller calls `advance(to:)` when `nextDeadline` comes, to let held-back releases through.
public struct KeyDebouncer: Sendable {
    /// The chatter window; 0 or less passes every event at once.
    public let window: Microseconds
    /// The keys that are down, in this view: pressed, and not yet released past the window.
    public private(set) var downKeys: Set<UInt16> = []
    /// The releases waiting out the window, by key code, with their original times.
    public private(set) var heldBackReleases: [UInt16: Microseconds] = [:]

    public init(window: Microseconds = KeyTiming().debounce) {
        self.window = window
    }

    /// When the earliest held-back release is let through; nil when none waits.
    public var nextDeadline: Microseconds? {
        heldBackReleases.values.min().map { $0.addingSaturated(window) }
    }

    /// The events of `event` that are not chatter: first the held-back releases due by its
    /// time, then the event itself unless it is dropped.
    public mutating func handle(_ event: InputEvent) -> [InputEvent] {
        var passed = advance(to: event.time)
        guard event.type == EventType.key else {
            passed.append(event)
            return passed
        }
        let code = event.code
        switch event.value {
        case KeyValue.press:
            if heldBackReleases.removeValue(forKey: code) != nil {
                // Down again within the window: that release and this press were chatter.
                break
            }
            if downKeys.insert(code).inserted { passed.append(event) }
        case KeyValue.release:
            guard downKeys.contains(code), heldBackReleases[code] == nil else { break }
            if window > 0 {
                heldBackReleases[code] = event.time
            } else {
                downKeys.remove(code)
                passed.append(event)
            }
        case KeyValue.autorepeat:
            if downKeys.contains(code), heldBackReleases[code] == nil { passed.append(event) }
        default:
            break
        }
        return passed
    }

    /// The held-back releases whose window has ended by `time`, earliest first, each with its
    /// original time.
    public mutating func advance(to time: Microseconds) -> [InputEvent] {
        let due =
            heldBackReleases
            .filter { $0.value.addingSaturated(window) <= time }
            .sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        for (code, _) in due {
            heldBackReleases[code] = nil
            downKeys.remove(code)
        }
        return due.map { InputEvent.key($0.key, KeyValue.release, at: $0.value) }
    }

    /// Forgets every key that is down and every held-back release, passing nothing on, for when
    /// the device is unplugged and no release will come.
    public mutating func releaseAll() {
        downKeys = []
        heldBackReleases = [:]
    }
}
