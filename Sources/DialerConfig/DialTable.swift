// SPDX-License-Identifier: Apache-2.0

/// The `[dial]` table as written, for the dial methods to read. The methods live in
/// Telephony, above this module, each in a folder of its own with the keys it reads and
/// checks; this module reads every other table itself and hands this one to them
/// (`DialSettings`), so a wrong key of theirs is still an error at its line when the config
/// loads, and in `t9dial config check`.
public struct DialTable {
    let reader: TableReader
    /// `HOME`, for `~` in a path.
    let home: String?

    /// The table's name in the config: `[dial]`.
    public static let name = "dial"

    /// The config file, as named in messages.
    public var file: String { reader.document.file }

    /// Fails on the first key that is not one of `keys`, suggesting the closest.
    public func rejectUnknownKeys(keys: [String]) throws(ConfigError) {
        try reader.rejectUnknownKeys(keys: keys)
    }

    /// The string at `key`, nil when absent. `example` is a correct line, shown on error.
    public func string(_ key: String, example: String) throws(ConfigError) -> String? {
        try reader.string(key, example: example)
    }

    /// The list of strings at `key`, nil when absent.
    public func strings(_ key: String, example: String) throws(ConfigError) -> [String]? {
        try reader.strings(key, example: example)
    }

    /// The whole number at `key`, nil when absent.
    public func integer(_ key: String, example: String) throws(ConfigError) -> Int? {
        try reader.integer(key, example: example)
    }

    /// The whole number at `key` within `range`, nil when absent; `meaning` says what it is
    /// for the message when it is out of range.
    public func integer(_ key: String, in range: ClosedRange<Int>, example: String, meaning: String) throws(ConfigError) -> Int? {
        try reader.integer(key, in: range, example: example, meaning: meaning)
    }

    /// An error about `key` (about the table itself when nil), at its line.
    public func error(at key: String?, _ message: String) -> ConfigError {
        reader.error(at: key, message)
    }

    /// `"control" in [dial]`.
    public func subject(_ key: String) -> String { reader.subject(key) }

    /// A path as the program opens it: `~` the home folder, a relative path from the config
    /// file's folder.
    public func expandedPath(_ path: String) -> String {
        PathExpansion.expand(path, configFile: file, home: home)
    }

    /// A string in double quotes, escaped as TOML writes it, for messages.
    public static func quoted(_ text: String) -> String { TableReader.quoted(text) }
}

/// What `[dial]` is read into: Telephony's `DialMethod`, one case a method with only that
/// method's settings. Every config read is handed the type (`dialMethods:`), so this module
/// needs to know no method.
public protocol DialSettings: Sendable, Equatable {
    /// What a config without `[dial]` dials with.
    static var unwritten: Self { get }
    /// Reads `[dial]`, throwing its first problem at its line.
    init(reading table: DialTable) throws(ConfigError)
    /// The keys `t9dial config show` writes for it, in order: `method`, then the method's own.
    var tomlSettings: [ConfigSetting] { get }
}

extension DialSettings {
    /// Whether `other` is these settings.
    func isSame(as other: any DialSettings) -> Bool { (other as? Self) == self }
    /// Whether these are what a config without `[dial]` has.
    var isUnwritten: Bool { self == Self.unwritten }
}

/// One key and its value as `t9dial config show` writes it.
public struct ConfigSetting: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case string(String)
        case strings([String])
        case integer(Int)
        case boolean(Bool)
        /// A path, written from the current folder when it is relative.
        case path(String)
    }

    public var key: String
    public var value: Value

    public init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }
}
