// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring the [carddav] address book of the config up to date, for searching offline."
    )

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    func run() throws {
        #if CardDAV
        do {
            let settings = try Book.loadConfiguration(file: config)
            let report = try SyncedContacts.sync(settings.carddav, configFile: settings.file)
            for warning in report.warnings { StandardError.write("warning: \(warning)") }
            try StandardOutput.writeLine(
                "synced \(settings.carddav.url ?? ""): \(report.added) added, \(report.changed) changed, \(report.deleted) deleted, into \(try SyncedContacts.folder())"
            )
        } catch let error as ConfigError {
            throw CommandFailure(message: String(describing: error))
        } catch let error as BookError {
            throw CommandFailure(message: error.description)
        }
        #else
        throw CommandFailure(
            message: "this t9dial is built without CardDAV, so it cannot sync; build it with the CardDAV trait (the default: make release)")
        #endif
    }
}
