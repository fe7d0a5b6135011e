// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import TOML

/// The `[speed_dial]` table of t9dial.toml: what a long press of 2 to 9 calls on an empty
/// query. These win over the keys `t9dial speed-dial set` keeps in the history.
///
///     [speed_dial]
///     2 = "Fred Smith"                                   # a contact, its usual number
///     3 = { contact = "Fred Smith", number = "home" }    # which of its numbers
///     4 = "+44 20 7946 0000"                             # a number
public struct SpeedDialSettings: Sendable, Hashable {
    /// By key, 2 to 9.
    public var targets: [UInt8: SpeedDialTarget]

    public init(targets: [UInt8: SpeedDialTarget] = [:]) {
        self.targets = targets
    }
}

extension SpeedDialSettings {
    static let tableName = "speed_dial"

    init(reading table: TableReader) throws(ConfigError) {
        self.init()
        for (key, value) in table.entries {
            guard key.count == 1, let digit = key.first?.wholeNumberValue, SpeedDials.keys.contains(UInt8(digit)) else {
                throw table.error(
                    at: key,
                    "\(table.subject(key)) is no speed-dial key: they are 2 to 9, like 2 = \"Fred Smith\" "
                        + "(1 calls voicemail, set with voicemail in [dial]; 0 gives +)")
            }
            targets[UInt8(digit)] = try Self.target(key, value, in: table)
        }
    }

    /// `target` as the table writes it: `"Fred Smith"`, or `{ contact = "Fred Smith", number =
    /// "home" }`, or `{ number = "+44 20 7946 0000" }` for a number that would read as a name.
    static func tomlValue(_ target: SpeedDialTarget) -> String {
        switch target {
        case .contact(let name, nil) where SpeedDialTarget(text: name) == target: TOMLText.quoted(name)
        case .number(let number) where SpeedDialTarget(text: number) == target: TOMLText.quoted(number)
        case .contact(let name, let number):
            "{ contact = \(TOMLText.quoted(name))" + (number.map { ", number = \(TOMLText.quoted($0))" } ?? "") + " }"
        case .number(let number): "{ number = \(TOMLText.quoted(number)) }"
        }
    }

    /// A string (a contact's name or UID, or a number), or `{ contact = ..., number = ... }`
    /// or `{ number = ... }`.
    private static func target(_ key: String, _ value: TOMLValue, in table: TableReader) throws(ConfigError) -> SpeedDialTarget {
        let example = #"\#(key) = "Fred Smith", or \#(key) = { contact = "Fred Smith", number = "home" }"#
        func text(_ found: String, _ what: String) throws(ConfigError) -> String {
            guard !found.isEmpty, found.count <= SpeedDialTarget.maximumLength else {
                throw table.error(
                    at: key,
                    "\(table.subject(key)): \(what) must be 1 to \(SpeedDialTarget.maximumLength) characters, like \(example)")
            }
            return found
        }
        if let string = value.string { return SpeedDialTarget(text: try text(string, "the target")) }
        guard let inline = value.table else {
            throw table.error(at: key, "\(table.subject(key)) must be a string or an inline table, like \(example)")
        }
        if let unknown = inline.keys.first(where: { !["contact", "number"].contains($0) }) {
            throw table.error(at: key, "\(table.subject(key)) has \(TableReader.quoted(unknown)); it may have contact and number, like \(example)")
        }
        var strings: [String: String] = [:]
        for name in inline.keys {
            guard let string = inline.value(name)?.string else {
                throw table.error(at: key, "\(table.subject(key)): \(name) must be a string, like \(example)")
            }
            strings[name] = try text(string, name)
        }
        switch (strings["contact"], strings["number"]) {
        case (let contact?, let number): return .contact(contact, number: number)
        case (nil, let number?): return .number(number)
        case (nil, nil): throw table.error(at: key, "\(table.subject(key)) is empty: give a contact or a number, like \(example)")
        }
    }
}
