// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// The hook switch of a keypad built into an old phone, as its keymap names it (`[hook]`): an
/// `EV_SW` switch or an `EV_KEY` key, and which of its values means the handset is lifted.
///
/// It is a state, not a key: it has no role, is never tapped or held, and a key that is the
/// hook is no key of the keymap's `[keys]`.
public struct HookSwitch: Sendable, Hashable {
    /// `EventType.switch` or `EventType.key`.
    public var type: UInt16
    /// The switch's or key's code (`SW_KEYPAD_SLIDE`, `KEY_PICKUP_PHONE`...).
    public var code: UInt16
    /// The value that means the handset is lifted (off hook): 1 (switch on, key down) or 0.
    public var liftedValue: Int32
    /// How long a new state must hold before it counts: a mechanical hook switch bounces, and a
    /// handset dropped on its cradle may jump up for a moment.
    public var settle: Microseconds

    /// How long a state must hold by default: longer than a switch's bounce, far
    /// shorter than anyone takes to lift a handset and listen.
    public static let defaultSettle: Microseconds = 30_000

    public init(type: UInt16, code: UInt16, liftedValue: Int32, settle: Microseconds = Self.defaultSettle) {
        self.type = type
        self.code = code
        self.liftedValue = liftedValue
        self.settle = settle
    }

    /// The switch `code` (`EV_SW`).
    public static func `switch`(_ code: UInt16, liftedValue: Int32, settle: Microseconds = defaultSettle) -> HookSwitch {
        HookSwitch(type: EventType.switch, code: code, liftedValue: liftedValue, settle: settle)
    }

    /// The key `code` (`EV_KEY`).
    public static func key(_ code: UInt16, liftedValue: Int32, settle: Microseconds = defaultSettle) -> HookSwitch {
        HookSwitch(type: EventType.key, code: code, liftedValue: liftedValue, settle: settle)
    }

    /// Whether `event` is this switch's or key's.
    public func matches(_ event: InputEvent) -> Bool {
        event.type == type && event.code == code
    }

    /// Whether the handset is lifted when the switch or key has `value`. A key's autorepeat
    /// (2) is a key that is down (1).
    public func isLifted(value: Int32) -> Bool {
        let normalized: Int32 = value == 0 ? 0 : 1
        return normalized == (liftedValue == 0 ? 0 : 1)
    }
}
