// SPDX-License-Identifier: Apache-2.0

import Foundation
public import T9Search

/// The settings t9dial reads from its TOML config file (`Config/t9dial.toml` documents every
/// key). Anything not written keeps its default, so an empty file is a valid configuration.
///
/// The file is checked strictly: an unknown key or table, or a value of the wrong type or out
/// of range, is a `ConfigError` naming the file, line and key, because a silently ignored typo
/// ("mach") would leave the user wondering why the setting has no effect.
public struct DialerConfiguration: Sendable, Equatable {
    /// Contact files or directories (vCard, CSV) to load; `--contacts` overrides them. Paths are
    /// already expanded: `~` is the home directory, relative paths are relative to the file.
    public var contacts: [String]
    /// The `[search]` table.
    public var search: SearchSettings
    /// The `[keypad]` table.
    public var keypad: KeypadSettings
    /// The `[screen]` table.
    public var screen: ScreenSettings
    public var dial: DialSettings
    public var history: HistorySettings
    public var carddav: CardDAVSettings

    /// Where the settings were read from, so later checks (the layout ids) can name the line.
    /// Not compared: two configurations are equal when their settings are.
    var source: Source?

    struct Source: Sendable, Hashable {
        var file: String
        /// The line of `search.layouts`, else of `[search]`, for errors about the layout ids.
        var layoutsLine: Int?
    }

    /// The defaults, or the given settings.
    public init(
        contacts: [String] = [], search: SearchSettings = SearchSettings(), keypad: KeypadSettings = KeypadSettings(),
        screen: ScreenSettings = ScreenSettings(), dial: DialSettings = DialSettings(),
        history: HistorySettings = HistorySettings(), carddav: CardDAVSettings = CardDAVSettings()
    ) {
        self.contacts = contacts
        self.search = search
        self.keypad = keypad
        self.screen = screen
        self.dial = dial
        self.history = history
        self.carddav = carddav
    }

    /// The file these settings were read from, nil for built-in defaults.
    public var file: String? { source?.file }

    public static func == (lhs: DialerConfiguration, rhs: DialerConfiguration) -> Bool {
        lhs.contacts == rhs.contacts && lhs.search == rhs.search && lhs.keypad == rhs.keypad && lhs.screen == rhs.screen
            && lhs.dial == rhs.dial && lhs.history == rhs.history && lhs.carddav == rhs.carddav
    }
}

extension DialerConfiguration {
    /// The tables a config file may have. Later settings add their table here and a type like
    /// `SearchSettings` that reads it.
    static let tables = [
        SearchSettings.tableName, KeypadSettings.tableName, ScreenSettings.tableName, DialSettings.tableName,
        HistorySettings.tableName, CardDAVSettings.tableName,
    ]
    /// The keys allowed at the top level, outside any table.
    static let topLevelKeys = ["contacts"]

    /// Reads the config file at `path`; a missing file is an error, since it was named.
    /// `environment` (nil: this process's) gives `HOME` for `~`.
    public static func load(
        path: String,
        environment: [String: String]? = nil
    ) throws(ConfigError) -> DialerConfiguration {
        try parse(text: TextFile.read(path), file: path, environment: environment)
    }

    /// Reads the config file at `path` as the file `file`: errors name `file`, and relative
    /// paths in it are relative to the folder of `file`. For `t9dial doctor`, which checks a
    /// system whose "/" may be another folder.
    public static func load(
        path: String,
        as file: String,
        environment: [String: String]? = nil
    ) throws(ConfigError) -> DialerConfiguration {
        try parse(text: TextFile.read(path), file: file, environment: environment)
    }

    /// Reads config `text`. `file` names it in errors, and relative paths in it are relative to
    /// the directory of `file`; `environment` (nil: this process's) gives `HOME` for `~`.
    public static func parse(
        text: String,
        file: String,
        environment: [String: String]? = nil
    ) throws(ConfigError) -> DialerConfiguration {
        let document = try TOMLDocument(text: text, file: file)
        let root = document.rootReader
        try root.rejectUnknownKeys(keys: topLevelKeys, tables: tables)
        try rejectTopLevelKeysInTables(root)
        let environment = environment ?? ProcessInfo.processInfo.environment
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }

        var configuration = DialerConfiguration()
        let search = document.root[SearchSettings.tableName]
        let layoutsLine = search?.value.table?["layouts"]?.keyPosition.line ?? search?.keyPosition.line
        configuration.source = Source(file: file, layoutsLine: layoutsLine)

        if let paths = try root.strings("contacts", example: #"contacts = ["~/contacts.vcf"]"#) {
            for path in paths where path.isEmpty {
                throw root.error(at: "contacts", #""contacts" has an empty path; remove it or name a file or directory"#)
            }
            configuration.contacts = paths.map { PathExpansion.expand($0, configFile: file, home: home) }
        }
        if let search = try root.table(SearchSettings.tableName) {
            configuration.search = try SearchSettings(reading: search, home: home)
        }
        if let keypad = try root.table(KeypadSettings.tableName) {
            configuration.keypad = try KeypadSettings(reading: keypad, home: home)
        }
        if let screen = try root.table(ScreenSettings.tableName) {
            configuration.screen = try ScreenSettings(reading: screen, home: home)
        }
        if let dial = try root.table(DialSettings.tableName) {
            configuration.dial = try DialSettings(reading: dial, home: home)
        }
        if let history = try root.table(HistorySettings.tableName) {
            configuration.history = try HistorySettings(reading: history)
        }
        if let carddav = try root.table(CardDAVSettings.tableName) {
            configuration.carddav = try CardDAVSettings(reading: carddav, home: home)
        }
        return configuration
    }

    /// A top-level key written below a `[table]` line belongs to that table in TOML; say so
    /// rather than calling it unknown there.
    private static func rejectTopLevelKeysInTables(_ root: TableReader) throws(ConfigError) {
        for name in tables {
            guard let table = try root.table(name) else { continue }
            for (key, _) in table.entries where topLevelKeys.contains(key) {
                throw table.error(
                    at: key,
                    "\(TableReader.quoted(key)) is a top-level key but is written \(table.place); "
                        + "move it above the first [table] line of the file"
                )
            }
        }
    }

    /// The layouts `search.layouts` names, in that order, or every layout of `catalog` when it
    /// names none. An id with no layout file is an error at the `layouts` line of the config,
    /// listing the layouts there are.
    public func layouts(from catalog: LayoutCatalog) throws(ConfigError) -> [KeypadLayout] {
        do {
            return try catalog.layouts(ids: search.layouts)
        } catch {
            guard let source else { throw error }
            let key = [SearchSettings.tableName, "layouts"]
            throw ConfigError(
                file: source.file,
                line: source.layoutsLine,
                key: TableReader.dotted(key),
                message: error.message
            )
        }
    }
}
