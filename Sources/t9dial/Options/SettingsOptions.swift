// SPDX-License-Identifier: Apache-2.0

import ArgumentParser

/// The config file and the data folder, for the commands that read no contacts but look at
/// devices with the config's keymaps: devices, udev-rule and doctor.
struct SettingsOptions: ParsableArguments {
    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    @Option(help: ArgumentHelp("The folder holding layouts/ and keymaps/.", valueName: "dir"), completion: .directory)
    var dataDir: String?
}
