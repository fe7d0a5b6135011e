// SPDX-License-Identifier: Apache-2.0

import Foundation
public import DialerEngine
import InputEvents

/// One keymap file (`Config/keymaps/usb-numpad.toml`): what each key of a device means, by its
/// evdev name. The format is documented at the top of `usb-numpad.toml`.
///
/// The file is checked when it is loaded, so a typo is reported rather than leaving a key dead:
/// every name must be one evdev knows, every value one of the roles, no key may be written twice
/// under two names, and all ten digits must have a key. An optional `[hook]` names the hook
/// switch of a keypad built into a phone (`KeymapFile+Hook.swift`).
public enum KeymapFile {
    /// The extension of keymap files; the file name without it is the keymap's id.
    public static let fileExtension = "toml"

    /// Reads the keymap file at `path`.
    public static func load(path: String) throws(ConfigError) -> Keymap {
        try parse(text: TextFile.read(path), file: path)
    }

    /// Reads keymap `text`; `file` (a path or name) names it in errors and gives the id.
    public static func parse(text: String, file: String) throws(ConfigError) -> Keymap {
        let document = try TOMLDocument(text: text, file: file)
        let root = document.rootReader
        try root.rejectUnknownKeys(keys: ["name", "devices"], tables: ["keys", "hook"])
        let id = LayoutFile.id(ofFile: file)

        let name = try root.string("name", example: #"name = "USB numpad""#) ?? id
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw root.error(at: "name", #""name" is empty; give the keymap a name people recognise, like name = "USB numpad""#)
        }
        guard let keysTable = try root.table("keys") else {
            throw root.error(
                at: nil,
                "has no [keys] table; add one with a line per key, like [keys] and then KEY_KP1 = \"1\""
            )
        }
        var forKeyboards = false
        if let devices = try root.string("devices", example: #"devices = "keyboards""#) {
            guard devices == "keypads" || devices == "keyboards" else {
                throw root.error(
                    at: "devices", #""devices" must be "keypads" (the default) or "keyboards" (full keyboards' top row), not "# + TableReader.quoted(devices))
            }
            forKeyboards = devices == "keyboards"
        }
        let roles = try readKeys(keysTable)
        let hook = try root.table("hook").map { table throws(ConfigError) in try readHook(table, keys: keysTable, roles: roles) }
        return Keymap(id: id, name: name, roles: roles, forKeyboards: forKeyboards, hook: hook)
    }

    /// The values a key may have, in the order messages list them.
    static let allowedValues =
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#"]
        + ["dial", "delete", "next", "previous", "mode", "hangup", "ignore"]

    // MARK: [keys]

    private static func readKeys(_ table: TableReader) throws(ConfigError) -> [UInt16: KeyRole] {
        var roles: [UInt16: KeyRole] = [:]
        var nameOfCode: [UInt16: String] = [:]
        for (key, _) in table.entries {
            guard let code = code(ofKeyName: key) else {
                throw table.error(at: key, unknownKeyMessage(key, place: table.place))
            }
            if let other = nameOfCode[code] {
                throw table.error(
                    at: key,
                    "\(key) is the same key as \(other) (code \(code)), written above; give each key one line"
                )
            }
            guard let value = try table.string(key, example: "\(key) = \"1\"") else { continue }
            guard let role = KeyRole(keymapValue: value) else {
                throw table.error(at: key, badValueMessage(value, key: key, place: table.place))
            }
            roles[code] = role
            nameOfCode[code] = key
        }
        let typed = Set(roles.values)
        let missing = (0...9).filter { !typed.contains(.digit(UInt8($0))) }
        guard missing.isEmpty else {
            let digits = missing.map(String.init)
            let list =
                digits.count == 1
                ? "digit \(digits[0])"
                : "digits " + digits.dropLast().joined(separator: ", ") + " and " + (digits.last ?? "")
            throw table.error(
                at: nil,
                "[keys] gives no key for \(list); a keymap must type all ten digits, "
                    + "so add a line for each, like KEY_KP\(digits[0]) = \"\(digits[0])\""
            )
        }
        return roles
    }

    // MARK: Messages

    /// Says that `name` is no evdev key name, suggesting the closest one.
    private static func unknownKeyMessage(_ name: String, place: String) -> String {
        var message = "\(TableReader.quoted(name)) \(place) is not a key name evdev knows"
        if let suggestion = Suggestion.closest(to: name, in: knownKeyNames) {
            message += "; did you mean \(suggestion)?"
        } else {
            message += "; key names are evdev's, as evtest or evemu-record print them, like KEY_KP1 or KEY_NUMERIC_STAR"
        }
        return message
    }

    /// Says that `value` is no role, listing the roles.
    private static func badValueMessage(_ value: String, key: String, place: String) -> String {
        var message =
            "\(key) \(place) must be one of "
            + allowedValues.map(TableReader.quoted).joined(separator: ", ")
            + "; found \(TableReader.quoted(value))"
        if let suggestion = Suggestion.closest(to: value, in: allowedValues.filter { $0.count > 1 }) {
            message += " (did you mean \(TableReader.quoted(suggestion))?)"
        }
        return message
    }

    /// The code of an evdev key name ("KEY_KP1" is 79), nil when evdev has no such key.
    static func code(ofKeyName name: String) -> UInt16? {
        EventCodes.keyCode(named: name)
    }

    /// The name of every key code evdev names (up to KEY_MAX, 0x2ff), for "did you mean".
    static let knownKeyNames = EventCodes.shownKeyNames
}
