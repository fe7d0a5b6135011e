// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit
import Telephony
import Foundation

struct ConfigShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the settings t9dial uses, as TOML, with where each value comes from.",
        discussion: """
            Prints every table and key of the config, the defaults filled in, each line ending \
            in # FILE:LINE when the file sets it or # default. The output is a config file that \
            gives the same settings. Exits 1 when the config does not load (each problem on \
            standard error), 64 for a mistake in the arguments.
            """
    )

    @OptionGroup var options: ConfigFileOptions

    func run() throws {
        guard let file = options.chosenFile else {
            try StandardOutput.write(DialerConfiguration.defaults.tomlText(currentDirectory: FileManager.default.currentDirectoryPath))
            return
        }
        let reading = DialerConfiguration.read(path: file)
        guard reading.problems.isEmpty, let configuration = reading.configuration else {
            for problem in reading.problems { StandardError.write(problem.description) }
            throw CommandFailure(message: "\(file) does not load; t9dial config check \(file) says what else to fix")
        }
        try StandardOutput.write(configuration.tomlText(currentDirectory: FileManager.default.currentDirectoryPath))
    }
}
