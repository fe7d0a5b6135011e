// SPDX-License-Identifier: Apache-2.0

import Foundation
public import T9Search
import TOML

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
    /// The `[dial]` table, as the dial methods (Telephony's `DialMethod`) read it; nil when
    /// not read, which is what a config without `[dial]` has.
    public var dialSettings: (any DialSettings)?
    public var history: HistorySettings
    public var carddav: CardDAVSettings
    /// The `[sound]` table.
    public var sound: SoundSettings
    /// `[speed_dial]`: what a long press of 2 to 9 calls.
    public var speedDial = SpeedDialSettings()
    /// `[dial] voicemail`: what a long press of 1 calls; nil when not set.
    public var voicemail: String?
    /// `[dial] emergency_numbers`: dialled as typed, with 112, 911 and 999.
    public var emergencyNumbers: [String] = []

    /// Where the settings were read from, so later checks (the layout ids) can name the line.
    /// Not compared: two configurations are equal when their settings are.
    var source: Source?

    struct Source: Sendable, Hashable {
        var file: String
        /// The line of `search.layouts`, else of `[search]`, for errors about the layout ids.
        var layoutsLine: Int?
        /// The line each key is written on, by dotted key ("keypad.keymap", "contacts"), and
        /// each table's header line by its name ("keypad").
        var lines: [String: Int] = [:]
    }

    /// The defaults, or the given settings.
    public init(
        contacts: [String] = [], search: SearchSettings = SearchSettings(), keypad: KeypadSettings = KeypadSettings(),
        screen: ScreenSettings = ScreenSettings(), dialSettings: (any DialSettings)? = nil,
        history: HistorySettings = HistorySettings(), carddav: CardDAVSettings = CardDAVSettings(),
        sound: SoundSettings = SoundSettings()
    ) {
        self.contacts = contacts
        self.search = search
        self.keypad = keypad
        self.screen = screen
        self.dialSettings = dialSettings
        self.history = history
        self.carddav = carddav
        self.sound = sound
    }

    /// The file these settings were read from, nil for built-in defaults.
    public var file: String? { source?.file }

    public static func == (lhs: DialerConfiguration, rhs: DialerConfiguration) -> Bool {
        lhs.contacts == rhs.contacts && lhs.search == rhs.search && lhs.keypad == rhs.keypad && lhs.screen == rhs.screen
            && sameDial(lhs.dialSettings, rhs.dialSettings) && lhs.history == rhs.history && lhs.carddav == rhs.carddav && lhs.speedDial == rhs.speedDial
            && lhs.voicemail == rhs.voicemail && lhs.emergencyNumbers == rhs.emergencyNumbers
            && lhs.sound == rhs.sound
    }

    /// Whether two `[dial]` settings are the same, none read being the unwritten one.
    private static func sameDial(_ lhs: (any DialSettings)?, _ rhs: (any DialSettings)?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs.isSame(as: rhs)
        case (let read?, nil), (nil, let read?): read.isUnwritten
        }
    }
}

/// A config file read with every problem found in it (`DialerConfiguration.read`).
public struct ConfigReading: Sendable {
    /// The settings read, a table with a problem keeping its defaults; nil when the file could
    /// not be read or is not TOML.
    public var configuration: DialerConfiguration?
    /// The problems, in the order of the tables (the top level first).
    public var problems: [ConfigError]

    public init(configuration: DialerConfiguration?, problems: [ConfigError]) {
        self.configuration = configuration
        self.problems = problems
    }
}

extension DialerConfiguration {
    /// The tables a config file may have. Later settings add their table here and a type like
    /// `SearchSettings` that reads it.
    static let tables = [
        SearchSettings.tableName, KeypadSettings.tableName, ScreenSettings.tableName, DialTable.name,
        HistorySettings.tableName, CardDAVSettings.tableName, SoundSettings.tableName, SpeedDialSettings.tableName,
    ]
    /// The keys allowed at the top level, outside any table.
    static let topLevelKeys = ["contacts"]

    /// Reads the config file at `path`; a missing file is an error, since it was named.
    /// `environment` (nil: this process's) gives `HOME` for `~`.
    public static func load(
        path: String,
        environment: [String: String]? = nil,
        dialMethods: any DialSettings.Type
    ) throws(ConfigError) -> DialerConfiguration {
        try parse(text: TextFile.read(path), file: path, environment: environment, dialMethods: dialMethods)
    }

    /// Reads the config file at `path` as the file `file`: errors name `file`, and relative
    /// paths in it are relative to the folder of `file`. For `t9dial doctor`, which checks a
    /// system whose "/" may be another folder.
    public static func load(
        path: String,
        as file: String,
        environment: [String: String]? = nil,
        dialMethods: any DialSettings.Type
    ) throws(ConfigError) -> DialerConfiguration {
        try parse(text: TextFile.read(path), file: file, environment: environment, dialMethods: dialMethods)
    }

    /// Reads config `text`. `file` names it in errors, and relative paths in it are relative to
    /// the directory of `file`; `environment` (nil: this process's) gives `HOME` for `~`.
    /// Throws the first problem `read(text:file:environment:)` finds.
    public static func parse(
        text: String,
        file: String,
        environment: [String: String]? = nil,
        dialMethods: any DialSettings.Type
    ) throws(ConfigError) -> DialerConfiguration {
        let reading = read(text: text, file: file, environment: environment, dialMethods: dialMethods)
        if let problem = reading.problems.first { throw problem }
        return reading.configuration ?? DialerConfiguration()
    }

    /// Reads the config file at `path` (named `file` in messages, `path` when nil) and every
    /// problem in it, for `t9dial config check`: a file that cannot be read is the one problem.
    public static func read(
        path: String,
        as file: String? = nil,
        environment: [String: String]? = nil,
        dialMethods: any DialSettings.Type
    ) -> ConfigReading {
        do {
            return read(text: try TextFile.read(path), file: file ?? path, environment: environment, dialMethods: dialMethods)
        } catch {
            var problem = error
            if let file, problem.file == path { problem.file = file }
            return ConfigReading(configuration: nil, problems: [problem])
        }
    }

    /// Reads config `text` as `parse` does, but goes on past a problem: each key at the top
    /// level and each table is read on its own, a table with a mistake keeping its defaults,
    /// so every table's first problem is found. Text that is not TOML has that one problem
    /// and no configuration.
    public static func read(
        text: String,
        file: String,
        environment: [String: String]? = nil,
        dialMethods: any DialSettings.Type
    ) -> ConfigReading {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(text: text, file: file)
        } catch {
            return ConfigReading(configuration: nil, problems: [error])
        }
        let root = document.rootReader
        var problems = root.unknownKeyErrors(keys: topLevelKeys, tables: tables)
        problems += topLevelKeysInTables(root)
        let environment = environment ?? ProcessInfo.processInfo.environment
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }

        var configuration = DialerConfiguration()
        let search = document.root[SearchSettings.tableName]
        let layoutsLine = search?.value.table?["layouts"]?.keyPosition.line ?? search?.keyPosition.line
        configuration.source = Source(file: file, layoutsLine: layoutsLine, lines: keyLines(document.root))

        func reading(_ body: () throws(ConfigError) -> Void) {
            do { try body() } catch { problems.append(error) }
        }
        reading { () throws(ConfigError) in
            guard let paths = try root.strings("contacts", example: #"contacts = ["~/contacts.vcf"]"#) else { return }
            for path in paths where path.isEmpty {
                throw root.error(at: "contacts", #""contacts" has an empty path; remove it or name a file or directory"#)
            }
            configuration.contacts = paths.map { PathExpansion.expand($0, configFile: file, home: home) }
        }
        configuration.search =
            readTable(SearchSettings.tableName, of: root, problems: &problems) { table throws(ConfigError) in
                try SearchSettings(reading: table, home: home)
            } ?? configuration.search
        configuration.keypad =
            readTable(KeypadSettings.tableName, of: root, problems: &problems) { table throws(ConfigError) in
                try KeypadSettings(reading: table, home: home)
            } ?? configuration.keypad
        configuration.screen =
            readTable(ScreenSettings.tableName, of: root, problems: &problems) { table throws(ConfigError) in
                try ScreenSettings(reading: table, home: home)
            } ?? configuration.screen
        // The dial methods read their own keys (`DialSettings`), at their lines.
        configuration.dialSettings =
            readTable(DialTable.name, of: root, problems: &problems) { table throws(ConfigError) in
                try dialMethods.init(reading: DialTable(reader: table, home: home))
            } ?? dialMethods.unwritten
        reading { () throws(ConfigError) in configuration.voicemail = try readVoicemail(root) }
        reading { () throws(ConfigError) in configuration.emergencyNumbers = try readEmergencyNumbers(root) }
        configuration.history =
            readTable(HistorySettings.tableName, of: root, problems: &problems) { table throws(ConfigError) in
                try HistorySettings(reading: table)
            } ?? configuration.history
        configuration.carddav =
            readTable(CardDAVSettings.tableName, of: root, problems: &problems) { table throws(ConfigError) in
                try CardDAVSettings(reading: table, home: home)
            } ?? configuration.carddav
        configuration.sound =
            readTable(SoundSettings.tableName, of: root, problems: &problems) { table throws(ConfigError) in
                try SoundSettings(reading: table, home: home)
            } ?? configuration.sound
        configuration.speedDial =
            readTable(SpeedDialSettings.tableName, of: root, problems: &problems) { table throws(ConfigError) in
                try SpeedDialSettings(reading: table)
            } ?? configuration.speedDial
        // A top-level key in a table is also unknown to the table: said once.
        var seen: Set<String> = []
        problems = problems.filter { problem in
            guard let key = problem.key, let line = problem.line else { return true }
            return seen.insert("\(line) \(key)").inserted
        }
        return ConfigReading(configuration: configuration, problems: problems)
    }

    /// The settings `read` makes of the table `name`, nil when it has none. A problem is added
    /// to `problems`, and the table is read again without the key at fault, until it reads or
    /// no key is left to blame: so each key's problem is found, not only the table's first.
    /// Nil when it does not read even then (its defaults are kept).
    private static func readTable<Settings>(
        _ name: String, of root: TableReader, problems: inout [ConfigError],
        _ read: (TableReader) throws(ConfigError) -> Settings
    ) -> Settings? {
        let first: TableReader?
        do {
            first = try root.table(name)
        } catch {
            problems.append(error)
            return nil
        }
        guard var reader = first else { return nil }
        for _ in 0...reader.table.count {
            do {
                return try read(reader)
            } catch {
                problems.append(error)
                let prefix = TableReader.dotted(reader.path) + "."
                guard let dotted = error.key, dotted.hasPrefix(prefix),
                    let key = reader.table.keys.first(where: { TableReader.keyText($0) == dotted.dropFirst(prefix.count) })
                else { return nil }
                var table = reader.table
                table[key] = nil
                reader = TableReader(document: reader.document, table: table, path: reader.path, line: reader.line)
            }
        }
        return nil
    }

    /// The line of every key of the document and of the known tables' keys, by dotted key.
    private static func keyLines(_ root: TOMLTable) -> [String: Int] {
        var lines: [String: Int] = [:]
        for entry in root.entries {
            lines[entry.key] = entry.keyPosition.line
            guard tables.contains(entry.key), let table = entry.value.table else { continue }
            for inner in table.entries { lines[entry.key + "." + inner.key] = inner.keyPosition.line }
        }
        return lines
    }

    /// Where `key` ("keypad.keymap", "contacts") is written: the config file and the key's
    /// line, or the line of its table when the key is not written there; no file for the
    /// built-in defaults. For the problems found when a setting is used, such as a keymap
    /// that is not installed.
    public func location(of key: String) -> SettingLocation {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        let subject =
            parts.count == 2 ? "\(TableReader.quoted(parts[1])) in \(TableReader.header([parts[0]]))" : TableReader.quoted(key)
        return SettingLocation(
            file: source?.file, line: source?.lines[key] ?? (parts.count == 2 ? source?.lines[parts[0]] : nil), key: key, subject: subject)
    }

    /// The line `key` ("keypad.keymap") is written on in the config file; nil when it is not.
    public func line(of key: String) -> Int? { source?.lines[key] }

    /// A top-level key written below a `[table]` line belongs to that table in TOML; say so
    /// rather than calling it unknown there.
    private static func topLevelKeysInTables(_ root: TableReader) -> [ConfigError] {
        var problems: [ConfigError] = []
        for name in tables {
            guard let table = try? root.table(name) else { continue }
            for (key, _) in table.entries where topLevelKeys.contains(key) {
                problems.append(
                    table.error(
                        at: key,
                        "\(TableReader.quoted(key)) is a top-level key but is written \(table.place); "
                            + "move it above the first [table] line of the file"
                    ))
            }
        }
        return problems
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
