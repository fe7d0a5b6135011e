// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check that this system has what the t9dial service needs, and say what to fix.",
        discussion: """
            Checks the udev rule, the systemd unit, the group t9dial, the keypad's link and who may \
            read it, the framebuffer, the config, the contacts and the modem, and prints a line \
            for each: ok, warning or PROBLEM, what was found and the command that fixes it. \
            Exits 1 when there is a problem, 0 otherwise. Run it as root to see every device.
            """
    )

    @OptionGroup var settings: SettingsOptions

    @Option(help: ArgumentHelp("The folder of event devices.", valueName: "dir"), completion: .directory)
    var inputDir = "/dev/input"

    /// For tests: the folder the checked system's "/" is in; every path above is inside it,
    /// except --data-dir.
    @Option(help: .hidden)
    var root = "/"

    func run() throws {
        let doctor = Doctor(
            system: CheckedSystem(root: root, inputDirectory: inputDir), readers: .dialerKit, configFile: settings.config, dataDirectory: settings.dataDir)
        let report = doctor.examine()
        try StandardOutput.writeLine(report.text)
        if report.hasProblem { throw ExitCode.failure }
    }
}
