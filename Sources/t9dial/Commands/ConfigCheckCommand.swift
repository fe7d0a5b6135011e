// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

struct ConfigCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the config file and everything it names, and say what to fix.",
        discussion: """
            Reads the config file and checks what t9dial run would use: every table of the file, \
            the data directory's layouts and keymaps, the keymap and the font chosen, the contact \
            files, the dial method's program or port, and the CardDAV address and password file \
            (without connecting). Prints a line for each finding, FILE:LINE: KEY: what is wrong \
            (FILE:LINE: warning: KEY: ... for what does not stop t9dial), then a summary line. \
            Exits 0 when t9dial would work as configured (warnings allowed), 1 when a problem \
            was found, 64 for a mistake in the arguments.
            """
    )

    @OptionGroup var options: ConfigFileOptions

    func run() throws {
        let report = ConfigCheck(file: options.chosenFile, readers: .dialerKit, dataDirectory: options.settings.dataDir).run()
        try StandardOutput.writeLine(report.text)
        if report.hasProblem { throw ExitCode.failure }
    }
}
