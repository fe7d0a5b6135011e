// SPDX-License-Identifier: Apache-2.0

import ArgumentParser

/// The config file and the data folder, for the commands that read no contacts but look at
/// devices with the config's keymaps: devices, udev-rule and doctor.
struct SettingsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The config file (default: $T9DIAL_CONFIG, ~/.config/t9dial/t9dial.toml, /etc/t9dial/t9dial.toml).",
            valueName: "file"
        )
    )
    var config: String?

    @Option(help: ArgumentHelp("The folder holding layouts/ and keymaps/.", valueName: "dir"))
    var dataDir: String?
}
