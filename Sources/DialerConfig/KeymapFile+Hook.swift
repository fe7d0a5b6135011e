// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents

/// A keymap's `[hook]` table: the hook switch of a keypad built into a phone.
///
///     [hook]
///     switch = "SW_KEYPAD_SLIDE"   # an EV_SW switch; or key = "KEY_PICKUP_PHONE" (EV_KEY)
///     lifted = 1                   # its value while the handset is lifted: 1 or 0
///     settle_ms = 30               # how long a new state must hold (optional)
///
/// The switch or key is a name evdev knows or a number. A key that is the hook is no key of
/// `[keys]`: the hook is a state, not a key.
extension KeymapFile {
    static let hookExample = #"switch = "SW_KEYPAD_SLIDE""#

    /// The hook `table` names; `keys` is the keymap's `[keys]`, whose roles are `roles`.
    static func readHook(_ table: TableReader, keys: TableReader, roles: [UInt16: KeyRole]) throws(ConfigError) -> HookSwitch {
        try table.rejectUnknownKeys(keys: ["switch", "key", "lifted", "settle_ms"])
        let kind: (key: String, type: UInt16)
        switch (table.table["switch"] != nil, table.table["key"] != nil) {
        case (true, false): kind = ("switch", EventType.switch)
        case (false, true): kind = ("key", EventType.key)
        case (true, true):
            throw table.error(at: "key", "[hook] names both a switch and a key; the hook is one of them, so keep one line")
        case (false, false):
            throw table.error(
                at: nil,
                #"[hook] names no switch or key; add switch = "SW_..." (an EV_SW switch) or key = "KEY_..." (an EV_KEY key), "#
                    + "as evtest shows the hook's events"
            )
        }
        let code = try hookCode(table, key: kind.key, type: kind.type)
        guard let lifted = try table.integer("lifted", example: "lifted = 1") else {
            throw table.error(
                at: nil,
                "[hook] does not say which value means the handset is lifted; add lifted = 1 "
                    + "(the \(kind.key) is \(kind.type == EventType.key ? "down" : "on") while the handset is lifted) or lifted = 0"
            )
        }
        guard lifted == 0 || lifted == 1 else {
            throw table.error(at: "lifted", #""lifted" in [hook] is the \#(kind.key)'s value while the handset is lifted: 1 or 0; found \#(lifted)"#)
        }
        let settle = try table.integer("settle_ms", in: 0...1000, example: "settle_ms = 30", meaning: "how long a new hook state must hold, in ms")
        if kind.type == EventType.key, roles[code] != nil, let written = keys.entries.first(where: { Self.code(ofKeyName: $0.key) == code }) {
            let line = keys.location(of: written.key).line.map { " (line \($0))" } ?? ""
            throw table.error(
                at: "key",
                "the hook is \(written.key), which [keys] also gives a role\(line); the hook is a state, not a key, "
                    + "so remove \(written.key) from [keys]"
            )
        }
        return HookSwitch(
            type: kind.type, code: code, liftedValue: Int32(lifted),
            settle: settle.map { Microseconds($0) * 1000 } ?? HookSwitch.defaultSettle
        )
    }

    /// The code `key` of [hook] gives: a name evdev knows for `type`, or a number.
    private static func hookCode(_ table: TableReader, key: String, type: UInt16) throws(ConfigError) -> UInt16 {
        let isSwitch = type == EventType.switch
        let highest = isSwitch ? Int(EventCodes.highestSwitchCode) : Int(EventCodes.highestKeyCode)
        let example = isSwitch ? hookExample : #"key = "KEY_PICKUP_PHONE""#
        guard let value = table.table.value(key) else { throw table.error(at: key, "missing") }
        if let number = value.integer.flatMap({ Int(exactly: $0) }) {
            guard (0...highest).contains(number) else {
                throw table.error(at: key, "\(table.subject(key)) is a code from 0 to \(highest); found \(number)")
            }
            return UInt16(number)
        }
        guard let name = value.string else {
            throw table.error(
                at: key, "\(table.subject(key)) must be a name or a number, like \(example); found \(TableReader.describe(value))")
        }
        if let code = isSwitch ? EventCodes.switchCode(named: name) : Self.code(ofKeyName: name) { return code }
        var message = "\(TableReader.quoted(name)) \(table.place) is not \(isSwitch ? "a switch" : "a key") name evdev knows"
        if isSwitch, Self.code(ofKeyName: name) != nil {
            message += "; it is a key: write key = \(TableReader.quoted(name))"
        } else if !isSwitch, EventCodes.switchCode(named: name) != nil {
            message += "; it is a switch: write switch = \(TableReader.quoted(name))"
        } else if let suggestion = Suggestion.closest(to: name, in: isSwitch ? knownSwitchNames : knownKeyNames) {
            message += "; did you mean \(suggestion)?"
        } else {
            message += "; names are evdev's, as evtest prints them, like \(isSwitch ? "SW_KEYPAD_SLIDE" : "KEY_PICKUP_PHONE")"
        }
        throw table.error(at: key, message)
    }

    /// The name of every switch code evdev names, for "did you mean".
    static let knownSwitchNames = EventCodes.shownSwitchNames
}
