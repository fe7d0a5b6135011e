// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit
import Telephony

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the input devices, and which keypad t9dial would read and why.",
        discussion: """
            Each event device in /dev/input is listed with its links (by-id, by-path), name, bus \
            and vendor:product, and whether it is a dedicated keypad, a full keyboard or of no use \
            for the keymap(s), with what it lacks. Then what t9dial would read: --device, else \
            /dev/input/t9dial-keypad, else the dedicated keypads found, else the full keyboards.
            Exits 0 when t9dial would read a device, 1 when it would read none (no input devices, \
            none that qualifies, or none that can be opened), so scripts can check a board.
            """
    )

    @Option(help: ArgumentHelp("The keypad's event device, as for run (by-id and by-path links work).", valueName: "path"), completion: .file())
    var device: String?

    @Option(
        help: ArgumentHelp("A keymap id (a file of keymaps/ without .toml), or auto (default: the config's).", valueName: "id"),
        completion: ShellCompletion.keymaps)
    var keymap: String?

    @OptionGroup var settings: SettingsOptions

    @Option(help: ArgumentHelp("The folder of event devices.", valueName: "dir"), completion: .directory)
    var inputDir = "/dev/input"

    func run() throws {
        let report = try CommandFailure.withMessage { () throws(ConfigError) in
            try KeypadDevices.report(
                inputDirectory: inputDir, device: device, keymap: keymap, configFile: settings.config, dataDirectory: settings.dataDir)
        }
        try StandardOutput.writeLine(report.text)
        // The screens too, as the config's [screen] chooses among them.
        let loaded = try? settings.config.map { path throws(ConfigError) in try DialerConfiguration.load(path: path) } ?? DialerConfiguration.loadDefault()
        try StandardOutput.writeLine("\n" + ScreenSurvey.findings(loaded?.screen ?? ScreenSettings()).text)
        if !report.readsSomething { throw ExitCode.failure }
    }
}
