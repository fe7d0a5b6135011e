// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import InputEvents
import Foundation
import TerminalText

/// One line of `t9dial monitor`: a key event and what the dialer made of it, step by step, so a
/// user whose key "does nothing" sees where it stopped (the keymap, the debouncer) and what it
/// became (a tap, a long press, a multi-tap letter).
public struct MonitorLine: Sendable, Hashable, CustomStringConvertible {
    /// What happened at the device: a key event, or a hold timer that fired with no event.
    public enum Event: String, Sendable, Hashable {
        case press, release
        case autorepeat = "repeat"
        /// The key was still down when a hold timer came (the long press, the 2 s hold).
        case stillDown = "held"
    }

    /// What the keymap makes of the key.
    public enum Meaning: Sendable, Hashable, CustomStringConvertible {
        case role(KeyRole)
        /// The keymap does not give this key: it does nothing.
        case notInKeymap(String)
        /// The keymap gives it as `ignore` (NumLock on some numpads).
        case ignored(String)

        public var description: String {
            switch self {
            case .role(.digit(let digit)): "digit \(digit)"
            case .role(.star): "star (*)"
            case .role(.pound): "pound (#)"
            case .role(let role): role.description
            case .notInKeymap(let key): "not in keymap \(key)"
            case .ignored(let key): "ignored by keymap \(key)"
            }
        }
    }

    /// What the debouncer did with the event.
    public enum Debounce: String, Sendable, Hashable {
        /// Passed on to the gesture recognizer (a release, once it waited out the chatter window).
        case passed
        /// A release followed within the chatter window by a press of the same key, or that press:
        /// contact bounce, dropped.
        case droppedAsChatter = "dropped as chatter"
        /// A press of a key already down (as the debouncer sees it): dropped.
        case droppedAlreadyDown = "dropped: already down"
        /// A release of a key that is not down: dropped.
        case droppedNotDown = "dropped: not down"
    }

    public var time: Microseconds
    /// The device's path (the recording's for a replay).
    public var device: String
    /// libevdev's name of the key (KEY_KP5), or its code when libevdev has none.
    public var key: String
    public var event: Event
    public var meaning: Meaning
    /// Nil for a key outside the keymap (the debouncer never sees it) and for a timer.
    public var debounce: Debounce?
    /// The gestures the event became, each with what the dialer did with it ("tap, letter k").
    public var gestures: [String]

    public init(
        time: Microseconds, device: String, key: String, event: Event, meaning: Meaning, debounce: Debounce?, gestures: [String] = []
    ) {
        self.time = time
        self.device = device
        self.key = key
        self.event = event
        self.meaning = meaning
        self.debounce = debounce
        self.gestures = gestures
    }

    /// `   12.345678  /dev/input/event3  KEY_KP5             press    digit 5             passed              tap, query "5"`:
    /// columns, so that a run of chatter lines up under the press it followed. The device's
    /// path and key name are shown with their control characters visible (a device names
    /// itself).
    public var description: String {
        let seconds = String(format: "%12.6f", Double(time) / 1_000_000)
        var columns = [
            seconds, VisibleText.line(device), Self.pad(key, 18), Self.pad(event.rawValue, 7), Self.pad(meaning.description, 24),
        ]
        columns.append(Self.pad(debounce?.rawValue ?? "-", 21))
        columns.append(gestures.isEmpty ? "-" : gestures.joined(separator: "; "))
        return columns.joined(separator: "  ")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
