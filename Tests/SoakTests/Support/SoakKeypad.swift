// SPDX-License-Identifier: Apache-2.0

import Evdev
import EvdevTestSupport
import InputEvents

/// The board's keypad as the kernel shows it: a fake evdev node (`FakeEvdevNode`) with the
/// phone keypad's codes and a few more keys, and the presses and releases the user has still
/// to make, each written into the node once the simulated clock has reached its time. Events
/// carry their own times, as evdev's do.
final class SoakKeypad {
    /// What a key does, by the phone keypad keymap (Config/keymaps/phone-keypad.toml).
    enum Key: Hashable, Sendable {
        case digit(Int)
        case star, pound, dial, delete, next, previous, hangUp

        var code: UInt16 {
            let name =
                switch self {
                case .digit(let digit): "KEY_NUMERIC_\(digit)"
                case .star: "KEY_NUMERIC_STAR"
                case .pound: "KEY_NUMERIC_POUND"
                case .dial: "KEY_OK"
                case .delete: "KEY_BACKSPACE"
                case .next: "KEY_DOWN"
                case .previous: "KEY_UP"
                case .hangUp: "KEY_CANCEL"
                }
            return EventCodes.keyCode(named: name)!
        }

        static let all: [Key] = (0...9).map { .digit($0) } + [.star, .pound, .dial, .delete, .next, .previous, .hangUp]
    }

    private struct Event {
        var time: Microseconds
        var code: UInt16
        var value: Int32
    }

    let path: String
    private(set) var node: FakeEvdevNode?
    private var pending: [Event] = []
    /// Presses made so far.
    private(set) var presses = 0

    init(path: String) {
        self.path = path
    }

    /// Plugs the keypad in: its node appears.
    func plug() throws {
        node = try FakeEvdevNode(path: path, name: "matrix-keypad", keys: Key.all.map(\.code), bus: 0x19)
    }

    /// Unplugs it: the reader sees the end of the device, then udev removes the node. Presses
    /// not made yet are forgotten.
    func unplug() {
        node?.hangUp()
        node?.remove()
        node = nil
        pending = []
    }

    /// When the next event is due, if any is waiting.
    var nextTime: Microseconds? { pending.first?.time }

    /// Presses `key` at `time` and lets it go `hold` later.
    func press(_ key: Key, at time: Microseconds, hold: Microseconds = 80_000) {
        pending.append(Event(time: time, code: key.code, value: KeyValue.press))
        pending.append(Event(time: time + hold, code: key.code, value: KeyValue.release))
        pending.sort { $0.time < $1.time }
        presses += 1
    }

    /// Writes into the node every event due by `now`; whether there were any.
    @discardableResult
    func deliver(upTo now: Microseconds) throws -> Bool {
        var delivered = false
        while let event = pending.first, event.time <= now {
            pending.removeFirst()
            try node?.key(event.code, event.value, at: event.time)
            delivered = true
        }
        return delivered
    }
}
