// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "List the contact book as t9dial reads it, with any problems found, to check an import."
    )

    @Flag(help: "Print one JSON object: {\"contacts\": [...], \"warnings\": [...]}.")
    var json = false

    // Only where the contacts come from: the listing shows every contact as imported, so the
    // search's --limit, --region, --match and the layouts' --data-dir would change nothing here.
    @Option(name: .long, help: SharedHelp.contacts, completion: .file())
    var contacts: [String] = []

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    func run() throws {
        let sources: ContactSources
        do {
            sources = try Book.loadContacts(Book.Overrides(configFile: config, contacts: contacts))
        } catch {
            throw CommandFailure(message: error.description)
        }
        if json {
            try StandardOutput.writeJSONLine(ContactListing.json(contacts: sources.contacts, warnings: sources.warnings))
        } else {
            try StandardOutput.write(ContactListing.text(contacts: sources.contacts, warnings: sources.warnings, files: sources.files) + "\n")
        }
    }
}
