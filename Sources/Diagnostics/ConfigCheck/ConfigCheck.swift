// SPDX-License-Identifier: Apache-2.0

import ContactBook
public import DialerConfig
import Foundation
import Phonebook
import Telephony

/// Checks a config file and everything it names, as `t9dial run` would use them, without
/// starting anything: the file itself (every table's first mistake, not only the file's first),
/// the data directory with its layouts and keymaps, the keymap and the font chosen, the contact
/// files, the dial method's program, port or service, and the CardDAV settings (with no
/// network access), and the `[sound]` outputs (opened and closed at once). `t9dial config
/// check` prints what it finds; doctor's config line and the
/// runs' start use the same checks (`keymapProblem`, and DialerKit's `fontProblem`).
public struct ConfigCheck: Sendable {
    /// The config file as named; nil to check the defaults (no config file).
    public var file: String?
    /// How a run reads the contact files, the CardDAV settings and the font.
    public var readers: RunReaders
    /// `--data-dir`, a folder of this machine; nil for the config's `data_dir`, else the one
    /// t9dial finds.
    public var dataDirectory: String?
    /// Gives `HOME` for `~` in the config, and `PATH` to find an `exec` program.
    public var environment: [String: String]
    /// Where this process finds a path of the checked system: doctor checks a system whose "/"
    /// may be another folder (`CheckedSystem.path`); the path itself otherwise.
    public var systemPath: @Sendable (String) -> String
    /// Whether the contact files are read; doctor reads them for a line of its own.
    public var readsContacts = true

    public init(
        file: String?, readers: RunReaders, dataDirectory: String? = nil, environment: [String: String]? = nil,
        systemPath: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.file = file
        self.readers = readers
        self.dataDirectory = dataDirectory
        self.environment = environment ?? ProcessInfo.processInfo.environment
        self.systemPath = systemPath
    }

    /// The config file the other commands read when none is named: `$T9DIAL_CONFIG` when set
    /// (even when missing, to be reported), else the first default place that has one; nil
    /// when there is none.
    public static func defaultFile(environment: [String: String]? = nil) -> String? {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        if let named = environment["T9DIAL_CONFIG"], !named.isEmpty { return named }
        return DialerConfiguration.defaultFiles(environment: environment).first(where: exists)
    }

    /// Every check, each finding in the order of the file.
    public func run() -> ConfigCheckReport {
        var findings: [ConfigFinding] = []
        var configuration = DialerConfiguration()
        if let file {
            let reading = DialerConfiguration.read(path: systemPath(file), as: file, environment: environment)
            findings += reading.problems.map { ConfigFinding(.problem, $0) }
            guard let read = reading.configuration else {
                return ConfigCheckReport(file: file, configuration: nil, dataDirectory: nil, findings: findings)
            }
            configuration = read
        }
        var dataDirectory: String?
        do {
            dataDirectory = try LayoutCatalog.findDataDirectory(
                explicit: self.dataDirectory ?? configuration.search.dataDirectory.map(systemPath), environment: environment)
        } catch {
            let location = configuration.location(of: "search.data_dir")
            findings.append(
                self.dataDirectory == nil && configuration.search.dataDirectory != nil
                    ? .problem(location, error.message) : ConfigFinding(.problem, error))
        }
        if let dataDirectory {
            findings += dataFindings(configuration, dataDirectory: dataDirectory)
        }
        if readsContacts { findings += contactFindings(configuration) }
        findings += deviceFindings(configuration)
        findings += dialFindings(configuration)
        findings += carddavFindings(configuration)
        findings += soundFindings(configuration)
        findings += screenFindings(configuration)
        findings += monochromeFindings(configuration)
        let ordered = findings.enumerated().sorted { first, second in
            // Findings in the config file by line; the rest (other files) after, as found.
            let (a, b) = (first.element.error, second.element.error)
            let aLine = a.file == file ? a.line ?? Int.max : Int.max
            let bLine = b.file == file ? b.line ?? Int.max : Int.max
            return aLine != bLine ? aLine < bLine : first.offset < second.offset
        }.map(\.element)
        return ConfigCheckReport(file: file, configuration: configuration, dataDirectory: dataDirectory, findings: ordered)
    }

    // MARK: The data directory: layouts, keymap, font

    private func dataFindings(_ configuration: DialerConfiguration, dataDirectory: String) -> [ConfigFinding] {
        var findings: [ConfigFinding] = []
        do {
            _ = try configuration.layouts(from: LayoutCatalog.load(dataDirectory: dataDirectory))
        } catch {
            findings.append(ConfigFinding(.problem, error))
        }
        do {
            let keymaps = try KeymapCatalog.load(dataDirectory: dataDirectory)
            if let problem = Self.keymapProblem(configuration, keymaps: keymaps) { findings.append(.problem(problem.location, problem.message)) }
        } catch {
            findings.append(ConfigFinding(.problem, error))
        }
        if let problem = readers.fontProblem(configuration, dataDirectory, systemPath) {
            findings.append(
                problem.location.file == nil && configuration.screen.font == nil
                    ? ConfigFinding(.problem, ConfigError(file: nil, message: problem.message)) : .problem(problem.location, problem.message))
        }
        return findings
    }

    /// A problem with a setting, where it is written, and what is wrong (without the key).
    public struct SettingProblem: Sendable, Hashable {
        public var location: SettingLocation
        public var message: String

        /// `t9dial.toml:3: "keymap" in [keypad]: unknown keymap ...`, for the runs' errors.
        public var error: ConfigError { location.error(message) }

        public init(location: SettingLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    /// Why the keymap `configuration` chooses is not in `keymaps`, with the closest installed
    /// one; nil when it is, or is "auto".
    public static func keymapProblem(_ configuration: DialerConfiguration, keymaps: KeymapCatalog) -> SettingProblem? {
        let id = configuration.keypad.keymap
        guard id != KeypadSettings.automaticKeymap else { return nil }
        do {
            _ = try keymaps.keymap(id: id)
            return nil
        } catch {
            return SettingProblem(location: configuration.location(of: "keypad.keymap"), message: error.message)
        }
    }

    // MARK: Contacts

    /// The most warnings about single cards listed; `t9dial contacts` lists them all.
    static let listedContactWarnings = 5

    private func contactFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        let location = configuration.location(of: "contacts")
        guard !configuration.contacts.isEmpty else {
            guard configuration.carddav.url == nil else { return [] }
            return [
                .warning(
                    location,
                    "no contacts are named, so t9dial run, try and search need --contacts; "
                        + #"name your contact files here, like contacts = ["~/contacts.vcf"]"#)
            ]
        }
        var findings: [ConfigFinding] = []
        for path in configuration.contacts {
            do {
                let sources = try ContactSources.load(paths: [systemPath(path)])
                for warning in sources.warnings.prefix(Self.listedContactWarnings) {
                    findings.append(.warning(location, warning.description))
                }
                if sources.warnings.count > Self.listedContactWarnings {
                    findings.append(
                        .warning(
                            location,
                            "\(path): \(sources.warnings.count - Self.listedContactWarnings) more warnings; t9dial contacts lists them all"))
                }
            } catch {
                findings.append(.problem(location, error.description))
            }
        }
        return findings
    }

    // MARK: Devices

    private func deviceFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        let screen = configuration.screen
        // Each device the config names, and what its absence means here: the config may be
        // checked away from the board, so these are warnings.
        let devices: [(key: String, path: String?, absence: String)] = [
            (
                "keypad.device", configuration.keypad.device,
                "does not exist now; t9dial waits for it, but check the keypad is plugged in (t9dial devices lists them)"
            ),
            ("screen.framebuffer", screen.framebuffer, "does not exist here, so nothing is drawn; on the board, check the panel's driver (ls /dev/fb*)"),
            ("screen.drm", screen.drm, "does not exist here, so nothing is drawn; on the board, check the panel's DRM driver (ls /dev/dri/)"),
            ("screen.lcd", screen.lcd, "does not exist here, so nothing is shown on it; on the board, check the hd44780 overlay (t9dial doctor says which)"),
        ]
        return devices.compactMap { device in
            guard let path = device.path, !exists(path) else { return nil }
            return .warning(configuration.location(of: device.key), "\(path) \(device.absence)")
        }
    }

    // MARK: Dialing

    /// What the method finds wrong with what it names (`DialMethod.findings`, each method's
    /// in its folder of Telephony), at its key's line.
    private func dialFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        configuration.dial.findings(on: CheckedFiles(check: self)).map { finding in
            let location = configuration.location(of: DialTable.name + "." + finding.key)
            return finding.isProblem ? .problem(location, finding.message) : .warning(location, finding.message)
        }
    }

    /// The checked system as the dial methods see it: its files under `systemPath`, its `PATH`.
    private struct CheckedFiles: DialSystem {
        let check: ConfigCheck

        func exists(_ path: String) -> Bool { check.exists(path) }

        func isExecutable(_ path: String) -> Bool {
            FileManager.default.isExecutableFile(atPath: check.systemPath(path))
        }

        var programFolders: [String] {
            (check.environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        }
    }

    // MARK: CardDAV

    private func carddavFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        let carddav = configuration.carddav
        var findings: [ConfigFinding] = []
        if let url = carddav.url {
            if !SyncedContacts.isBuiltIn {
                findings.append(
                    .problem(
                        configuration.location(of: "carddav.url"),
                        "this t9dial is built without CardDAV and syncs nothing; install one built with the CardDAV trait (the default), or remove [carddav]"
                    ))
            } else if URLComponents(string: url)?.host.map({ !$0.isEmpty }) != true {
                findings.append(
                    .problem(
                        configuration.location(of: "carddav.url"),
                        "\(url) is not a well-formed address; write it like \"https://dav.example.org/ann/contacts/\""))
            }
        }
        if let passwordFile = carddav.passwordFile {
            let location = configuration.location(of: "carddav.password_file")
            if let attributes = try? FileManager.default.attributesOfItem(atPath: systemPath(passwordFile)) {
                let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
                if permissions & 0o077 != 0 {
                    findings.append(
                        .warning(
                            location,
                            "\(passwordFile) can be read by others (mode \(String(permissions, radix: 8))); chmod 600 \(passwordFile)"))
                }
            } else {
                findings.append(
                    .problem(
                        location,
                        "\(passwordFile) does not exist or cannot be read; write the password alone into it and chmod 600 \(passwordFile)"))
            }
        }
        return findings
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: systemPath(path))
    }
}
