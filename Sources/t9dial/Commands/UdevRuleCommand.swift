// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

struct UdevRuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "udev-rule",
        abstract: "Print a udev rule that makes one input device t9dial's keypad.",
        discussion: """
            Reads the device's name and ids and prints a rules file for exactly that device, to \
            save as \(KeypadDevices.udevRuleInstallPath) (before t9dial's 70-t9dial.rules, which then links it as \
            /dev/input/t9dial-keypad, gives it to group t9dial and starts the service):
              t9dial udev-rule --device /dev/input/by-id/... | sudo tee \(KeypadDevices.udevRuleInstallPath)
              sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input
            For a keypad the shipped rule does not know by its name or ids. Reading a device needs \
            root or group input. Warns, on standard error and in the file, when the device is a full \
            keyboard or no keypad.
            """
    )

    @Option(help: ArgumentHelp("The device's event node, or its link in /dev/input/by-id or by-path.", valueName: "path"), completion: .file())
    var device: String

    @Option(
        help: ArgumentHelp("A keymap id to classify the device with, or auto (default: the config's).", valueName: "id"),
        completion: ShellCompletion.keymaps)
    var keymap: String?

    @OptionGroup var settings: SettingsOptions

    func run() throws {
        let rule = try CommandFailure.withMessage { () throws(KeypadDevices.Failure) in
            try KeypadDevices.udevRule(device: device, keymap: keymap, configFile: settings.config, dataDirectory: settings.dataDir)
        }
        try StandardOutput.write(rule.text)
        for warning in rule.warnings { StandardError.write("warning: \(warning)") }
    }
}
