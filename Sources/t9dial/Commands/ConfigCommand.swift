// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

/// `t9dial config`: the config file checked (`check`) or shown as t9dial reads it (`show`).
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the config file and what it names, or show the settings t9dial uses.",
        subcommands: [ConfigCheckCommand.self, ConfigShowCommand.self]
    )
}

/// The config file a `config` subcommand reads: FILE, or --config, else the one the other
/// commands would read.
struct ConfigFileOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "The config file (default: --config, $T9DIAL_CONFIG, ~/.config/t9dial/t9dial.toml, /etc/t9dial/t9dial.toml).",
            valueName: "file"
        )
    )
    var file: String?

    @OptionGroup var settings: SettingsOptions

    func validate() throws {
        if file != nil, settings.config != nil { throw ValidationError("give the config file as FILE or with --config, not both") }
        if file?.isEmpty == true || settings.config?.isEmpty == true { throw ValidationError("the config file's name is empty") }
    }

    /// The file named, else the one the other commands would read; nil when there is none.
    var chosenFile: String? { file ?? settings.config ?? ConfigCheck.defaultFile() }
}
