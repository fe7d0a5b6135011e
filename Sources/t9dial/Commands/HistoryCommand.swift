// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the most recent calls, newest first, and mark the missed ones seen.",
        discussion: """
            Each call shows its local time, its direction (out or in), its outcome (answered, \
            busy, no answer, missed, rejected, failed; placed for a call handed to an exec \
            command, which follows no call), how long it was connected (m:ss, or h:mm:ss) when \
            it was, the number, and a name: the contact's as the contacts given with --contacts, \
            else those of the config, have it now, else the name the call came with (a SIP caller's display name); a call with \
            neither shows the number alone. With --json, one JSON array of objects {"time", \
            "direction", "outcome", "duration", "number", "name", "uid"}: time in UTC (RFC \
            3339), direction "out" or "in", duration in seconds and null when the call was not \
            connected, name null when there is none, uid null for a typed number or an unknown \
            caller. Listing (either way) marks every missed call seen: the dialer's idle screen \
            stops showing "N missed". Run as root on a board, it lists the service's calls \
            (/var/lib/t9dial) when root has none of its own, named from the service's synced \
            address book too.
            """
    )

    // Unconditional, so that --limit -1 is a value out of range rather than a missing one.
    @Option(parsing: .unconditional, help: SharedHelp.limit("calls to list, newest first"))
    var limit = 20

    @Flag(help: "Print one JSON array of the calls instead of lines.")
    var json = false

    // The contacts and the config only name the calls: the history reads no layouts or keymaps.
    @Option(name: .long, help: SharedHelp.contacts, completion: .file())
    var contacts: [String] = []

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    func validate() throws {
        try Limit.check(limit)
    }

    func run() throws {
        let history = try CommandFailure.withMessage { try Book.openDialHistory() }
        if let moved = history.movedAside { StandardError.write("warning: \(moved)") }
        let dials = try CommandFailure.withMessage { try history.recent(limit: limit) }
        let names = try contactNames(syncedFolder: Book.syncedFolder(naming: history))
        if json {
            try StandardOutput.writeJSONLine(HistoryListing.json(dials, names: names))
        } else if dials.isEmpty {
            try StandardOutput.writeLine("no dials yet (\(history.path))")
        } else {
            try StandardOutput.write(HistoryListing.text(dials, names: names) + "\n")
        }
        // After the listing, which stands even if the marker cannot be written.
        do { try history.markMissedSeen() } catch { StandardError.write("warning: \(error)") }
    }
}

extension HistoryCommand {
    /// The name of each contact, by UID, of the book given with --contacts, else of the config's
    /// book. The config's book that does not load names none (the dials are still listed, by
    /// number); a book given that does not load is an error, as for every other command. Over
    /// the service's history, the synced address book is the service's cache, not root's own.
    func contactNames(syncedFolder: String?) throws -> [String: String] {
        let overrides = Book.Overrides(configFile: config, contacts: contacts, syncedFolder: syncedFolder)
        let sources: ContactSources
        do {
            sources = try Book.loadContacts(overrides)
        } catch {
            guard contacts.isEmpty else { throw CommandFailure(message: error.description) }
            return [:]
        }
        for warning in sources.warnings where !contacts.isEmpty { StandardError.write("warning: \(warning)") }
        return Dictionary(sources.contacts.map { ($0.uid, $0.displayName) }, uniquingKeysWith: { first, _ in first })
    }
}

struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Clear the dial history and everything t9dial has learned from it."
    )

    func run() throws {
        let path = try CommandFailure.withMessage {
            let history = try Book.openDialHistory()
            try history.forget()
            return history.path
        }
        try StandardOutput.writeLine("forgot every dial and pick in \(path)")
    }
}
