// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
import Telephony

/// `t9dial doctor`: checks that a system has what the t9dial service needs (the udev rule, the
/// unit, the group, a keypad, the screen, the settings and the contacts), and says what to fix.
///
/// Each check is a `DoctorCheck`; they are made here from what `CheckedSystem` finds, so tests
/// run them on a fake system in a temporary folder.
public struct Doctor: Sendable {
    public var system: CheckedSystem
    /// How a run reads the contact files, the CardDAV settings and the font.
    public var readers: RunReaders
    /// `--config`: a config file on the checked system; nil for the one t9dial would read.
    public var configFile: String?
    /// `--data-dir`: the folder holding layouts/ and keymaps/ on this machine; nil for the
    /// config's, else the one t9dial finds.
    public var dataDirectory: String?

    public init(system: CheckedSystem, readers: RunReaders, configFile: String? = nil, dataDirectory: String? = nil) {
        self.system = system
        self.readers = readers
        self.configFile = configFile
        self.dataDirectory = dataDirectory
    }

    /// Every check, in the order a system is set up.
    public func examine() -> DoctorReport {
        let settings = loadSettings()
        // The hook switch has a line only when a keymap names one.
        let hook = hookCheck(settings).map { [$0] } ?? []
        // The ringers have a line when one is configured, or calls are followed.
        let ringer = ringerCheck(settings).map { [$0] } ?? []
        // The mixer has a line when calls are followed.
        let mixer = mixerCheck(settings).map { [$0] } ?? []
        // The backlight has a line only when [screen] names one.
        let backlight = backlightCheck(settings).map { [$0] } ?? []
        // The character display has a line only when [screen] names one.
        let lcd = characterLCDCheck(settings).map { [$0] } ?? []
        // The screens have a line when they are opened (not on a system in a folder).
        let screens = screensCheck(settings).map { [$0] } ?? []
        return DoctorReport(
            checks: [udevRuleCheck(), unitCheck(), groupCheck(), keypadCheck(settings)] + hook + [
                framebufferCheck(settings)
            ] + screens + backlight + lcd + [
                configCheck(settings), contactsCheck(settings),
            ] + dialChecks(settings) + ringer + mixer + [serviceCheck()])
    }

    /// The settings as the checks need them, with what went wrong reading them.
    struct Settings {
        /// The file read, on the checked system; nil for the defaults.
        var file: String?
        /// Nil when the file does not load.
        var configuration: DialerConfiguration?
        /// The keymaps devices are classified with; nil when they do not load.
        var keymaps: [Keymap]?
        /// What did not load: the file, its layouts or its keymap.
        var problem: ConfigError?
    }

    func loadSettings() -> Settings {
        var settings = Settings()
        do throws(ConfigError) {
            if configFile == nil, let named = system.environment["T9DIAL_CONFIG"], !named.isEmpty, !system.exists(named) {
                throw ConfigError(file: named, message: "no such file, but T9DIAL_CONFIG names it; create it or unset T9DIAL_CONFIG")
            }
            settings.file = configFile ?? DialerConfiguration.defaultFiles(environment: system.environment).first(where: system.exists)
            let configuration =
                try settings.file.map { file throws(ConfigError) in
                    try DialerConfiguration.load(path: system.path(file), as: file, environment: system.environment)
                } ?? DialerConfiguration()
            settings.configuration = configuration
            // The config's own folder names a folder of the checked system; --data-dir one of this machine.
            let dataDirectory = try LayoutCatalog.findDataDirectory(
                explicit: self.dataDirectory ?? configuration.search.dataDirectory.map(system.path)
            )
            _ = try configuration.layouts(from: LayoutCatalog.load(dataDirectory: dataDirectory))
            settings.keymaps = try KeymapCatalog.candidateKeymaps(id: configuration.keypad.keymap, configuration: configuration, dataDirectory: dataDirectory)
        } catch {
            settings.problem = error
        }
        return settings
    }

    /// The line of a check that needs the config when the config does not load.
    static func notChecked(_ subject: String) -> DoctorCheck {
        DoctorCheck(.warning, subject, "not checked, since the config does not load (see config)")
    }

    /// "1 file", "2 files".
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
