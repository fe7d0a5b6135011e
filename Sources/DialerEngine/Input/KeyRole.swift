// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// What a physical key means to the dialer, as a keymap says (Config/keymaps/).
public enum KeyRole: Sendable, Hashable, CustomStringConvertible {
    /// 0-9: types in T9 mode, cycles letters in multi-tap mode.
    case digit(UInt8)
    /// `*`: short for the next result, long to delete, held 2 s to clear.
    case star
    /// `#`: short to dial, long to switch mode.
    case pound
    /// Dial the selected result (Enter on a numpad).
    case dial
    /// Delete the last key (Backspace).
    case delete
    /// Select the next result (`+`).
    case next
    /// Select the previous result (`-`).
    case previous
    /// Switch between T9 and multi-tap (`/`).
    case switchMode
    /// End a call that is shown.
    case hangUp
    /// A key that must do nothing, such as NumLock (some numpads wrap every key in it).
    case ignore
    /// During a call: answer the call waiting (the current one is held), or swap to the held
    /// call; with one call, hold or resume it.
    case swap
    /// During a call: hold the current call, or resume it.
    case hold
    /// During a call: turn the call waiting away.
    case reject
    /// During a call: mute or unmute this end.
    case mute
    /// During a call: louder.
    case volumeUp
    /// During a call: quieter.
    case volumeDown

    public var description: String {
        switch self {
        case .digit(let digit): String(digit)
        case .star: "*"
        case .pound: "#"
        case .dial: "dial"
        case .delete: "delete"
        case .next: "next"
        case .previous: "previous"
        case .switchMode: "mode"
        case .hangUp: "hangup"
        case .ignore: "ignore"
        case .swap: "swap"
        case .hold: "hold"
        case .reject: "reject"
        case .mute: "mute"
        case .volumeUp: "volume_up"
        case .volumeDown: "volume_down"
        }
    }

    /// The role a keymap file writes as `"0"`..`"9"`, `"*"`, `"#"`, `"dial"`, `"delete"`,
    /// `"next"`, `"previous"`, `"mode"`, `"hangup"`, `"ignore"`, or one of the keys of a call:
    /// `"swap"`, `"hold"`, `"reject"`, `"mute"`, `"volume_up"`, `"volume_down"`.
    public init?(keymapValue: String) {
        switch keymapValue {
        case "*": self = .star
        case "#": self = .pound
        case "dial": self = .dial
        case "delete": self = .delete
        case "next": self = .next
        case "previous": self = .previous
        case "mode": self = .switchMode
        case "hangup": self = .hangUp
        case "ignore": self = .ignore
        case "swap": self = .swap
        case "hold": self = .hold
        case "reject": self = .reject
        case "mute": self = .mute
        case "volume_up": self = .volumeUp
        case "volume_down": self = .volumeDown
        default:
            guard keymapValue.count == 1, let digit = keymapValue.first?.wholeNumberValue else { return nil }
            self = .digit(UInt8(digit))
        }
    }
}

/// Which key codes of a device mean what: one keymap file, with its names resolved to codes.
public struct Keymap: Sendable, Hashable {
    /// The file name without .toml ("usb-numpad").
    public var id: String
    public var name: String
    public var roles: [UInt16: KeyRole]
    /// Meant for full keyboards (its digits are the top row): with "auto", a keyboard tries
    /// such keymaps first, and a keypad the others, so a laptop's arrow keys never type digits.
    public var forKeyboards: Bool
    /// The hook switch of a keypad built into a phone (`[hook]`); nil when it has none.
    public var hook: HookSwitch?

    public init(id: String, name: String, roles: [UInt16: KeyRole], forKeyboards: Bool = false, hook: HookSwitch? = nil) {
        self.id = id
        self.name = name
        self.roles = roles
        self.forKeyboards = forKeyboards
        self.hook = hook
    }

    /// The codes of the ten digits, which a device must have to be read with this keymap.
    public var digitCodes: Set<UInt16> {
        Set(roles.compactMap { code, role in if case .digit = role { code } else { nil } })
    }
}

/// What a key did, once debounced and timed: the dialer acts on these.
public enum KeyGesture: Sendable, Hashable, CustomStringConvertible {
    /// The key went down. Digits type at once, so typing never waits for a timer.
    case pressed(KeyRole)
    /// The key came up before the long-press time.
    case tapped(KeyRole)
    /// The key is still down at the long-press time.
    case held(KeyRole)
    /// The key is still down at the clear time (2 s by default).
    case heldLonger(KeyRole)

    /// The key's role, whatever the gesture.
    public var role: KeyRole {
        switch self {
        case .pressed(let role), .tapped(let role), .held(let role), .heldLonger(let role): role
        }
    }

    public var description: String {
        switch self {
        case .pressed(let role): "pressed \(role)"
        case .tapped(let role): "tapped \(role)"
        case .held(let role): "held \(role)"
        case .heldLonger(let role): "held longer \(role)"
        }
    }
}

/// A gesture and when it happened.
public struct TimedGesture: Sendable, Hashable {
    public var time: Microseconds
    public var gesture: KeyGesture

    public init(time: Microseconds, gesture: KeyGesture) {
        self.time = time
        self.gesture = gesture
    }
}
