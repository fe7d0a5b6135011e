import ArgumentParser
import ContactBook
import DialerKit

struct ContactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts",
        abstract: "List the contact book as t9dial reads it, with any problems found, to check an import."
    )

    @Flag(help: "Print one JSON object: {\"contacts\": [...], \"warnings\": [...]}.")
    var json = false

    @OptionGroup var book: BookOptions

    func run() throws {
        let sources: ContactSources
        do {
            sources = try Dialer.loadContacts(book.overrides)
        } catch {
            throw CommandFailure(message: error.description)
        }
        if json {
            StandardOutput.writeJSONLine(ContactListing.json(sources))
        } else {
            StandardOutput.write(ContactListing.text(sources) + "\n")
        }
    }
}
