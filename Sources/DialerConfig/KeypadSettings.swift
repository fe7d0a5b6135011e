// SPDX-License-Identifier: Apache-2.0

/// The `[keypad]` table of t9dial.toml: which keypad to read, what its keys mean, and the
/// timings of a key press.
public struct KeypadSettings: Sendable, Hashable {
    /// How typing starts.
    public enum EntryMode: String, Sendable, Hashable, CaseIterable {
        /// Each key is a digit; names and numbers are found as in T9 and Android's dialer.
        case t9
        /// Repeated presses cycle a key's letters, as on feature phones.
        case multitap
    }

    /// The keymap id (a file of `keymaps/` without .toml), or "auto" to choose per device.
    public var keymap: String
    /// The keypad's device path; nil to use /dev/input/t9dial-keypad or find one.
    public var device: String?
    /// Take the keypad for t9dial alone, so its digits never reach a login console.
    public var grab: Bool
    public var mode: EntryMode
    /// A press or release this soon after the key's last change is contact chatter.
    public var debounceMilliseconds: Int
    /// How long a key is held for its long-press meaning (`*` deletes, `#` switches mode).
    public var longPressMilliseconds: Int
    /// How long `*` is held to clear the query.
    public var clearHoldMilliseconds: Int
    /// How long after the last press multi-tap takes its letter.
    public var multitapCommitMilliseconds: Int
    /// Seconds without a key after which the query clears; 0 keeps it.
    public var idleClearSeconds: Int

    public static let automaticKeymap = "auto"

    public init(
        keymap: String = automaticKeymap,
        device: String? = nil,
        grab: Bool = true,
        mode: EntryMode = .t9,
        debounceMilliseconds: Int = 15,
        longPressMilliseconds: Int = 500,
        clearHoldMilliseconds: Int = 2000,
        multitapCommitMilliseconds: Int = 800,
        idleClearSeconds: Int = 30
    ) {
        self.keymap = keymap
        self.device = device
        self.grab = grab
        self.mode = mode
        self.debounceMilliseconds = debounceMilliseconds
        self.longPressMilliseconds = longPressMilliseconds
        self.clearHoldMilliseconds = clearHoldMilliseconds
        self.multitapCommitMilliseconds = multitapCommitMilliseconds
        self.idleClearSeconds = idleClearSeconds
    }
}

extension KeypadSettings {
    static let tableName = "keypad"
    static let keys = [
        "keymap", "device", "grab", "mode", "debounce_ms", "long_press_ms", "clear_hold_ms",
        "multitap_commit_ms", "idle_clear_s",
    ]

    /// Reads and checks `[keypad]`; keys not written keep their defaults.
    init(reading table: TableReader, home: String?) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)
        if let id = try table.string("keymap", example: #"keymap = "usb-numpad""#) {
            guard !id.isEmpty else {
                throw table.error(at: "keymap", "\(table.subject("keymap")) is empty; write \"auto\" or a file name of keymaps/ without .toml")
            }
            keymap = id
        }
        if let path = try table.string("device", example: #"device = "/dev/input/by-id/usb-Keypad-event-kbd""#), !path.isEmpty {
            device = PathExpansion.expand(path, configFile: table.document.file, home: home)
        }
        if let value = try table.boolean("grab", example: "grab = true") { grab = value }
        if let text = try table.string("mode", example: #"mode = "t9""#) {
            guard let value = EntryMode(rawValue: text) else {
                throw table.error(
                    at: "mode",
                    "\(table.subject("mode")) must be \"t9\" or \"multitap\", not \(TableReader.quoted(text))"
                )
            }
            mode = value
        }
        debounceMilliseconds =
            try table.integer(
                "debounce_ms", in: 0...500, example: "debounce_ms = 15", meaning: "the chatter window in milliseconds"
            ) ?? debounceMilliseconds
        longPressMilliseconds =
            try table.integer(
                "long_press_ms", in: 100...5000, example: "long_press_ms = 500", meaning: "the long-press time in milliseconds"
            ) ?? longPressMilliseconds
        clearHoldMilliseconds =
            try table.integer(
                "clear_hold_ms", in: 200...20000, example: "clear_hold_ms = 2000", meaning: "how long * is held to clear, in milliseconds"
            ) ?? clearHoldMilliseconds
        guard clearHoldMilliseconds > longPressMilliseconds else {
            throw table.error(
                at: "clear_hold_ms",
                "\(table.subject("clear_hold_ms")) (\(clearHoldMilliseconds)) must be longer than long_press_ms "
                    + "(\(longPressMilliseconds)), or holding * would clear before it deletes"
            )
        }
        multitapCommitMilliseconds =
            try table.integer(
                "multitap_commit_ms", in: 100...5000, example: "multitap_commit_ms = 800",
                meaning: "how long multi-tap waits before taking a letter, in milliseconds"
            ) ?? multitapCommitMilliseconds
        idleClearSeconds =
            try table.integer(
                "idle_clear_s", in: 0...86400, example: "idle_clear_s = 30",
                meaning: "the seconds without a key before the query clears (0 never)"
            ) ?? idleClearSeconds
    }
}
