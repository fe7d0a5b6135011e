// SPDX-License-Identifier: Apache-2.0

public import DialerEngine

/// What a device is to t9dial, given the keymaps it may be read with, and why.
public struct DeviceClassification: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// All the keymap's digit keys and no letter keys: a numpad or a phone keypad. It is
        /// preferred, and grabbed by default.
        case dedicatedKeypad
        /// The digit keys and letter keys: a keyboard, read only when no keypad is found.
        case fullKeyboard
        /// Not all the digit keys of any keymap.
        case doesNotQualify
    }

    /// The digits (0-9) a device lacks for one keymap.
    public struct MissingDigits: Sendable, Hashable {
        public var keymapID: String
        public var digits: [UInt8]

        public init(keymapID: String, digits: [UInt8]) {
            self.keymapID = keymapID
            self.digits = digits
        }
    }

    public var kind: Kind
    /// The keymap the device is read with: the first one given whose digits it has. Nil when it
    /// does not qualify.
    public var keymap: Keymap?
    /// For a device that does not qualify: which digits it lacks, for each keymap tried.
    public var missing: [MissingDigits]
    /// Why, in words, for `t9dial devices` and the log.
    public var reason: String

    public init(kind: Kind, keymap: Keymap?, missing: [MissingDigits] = [], reason: String) {
        self.kind = kind
        self.keymap = keymap
        self.missing = missing
        self.reason = reason
    }

    /// Whether t9dial can read the device as a keypad at all.
    public var qualifies: Bool { kind != .doesNotQualify }

    public var description: String { reason }
}
