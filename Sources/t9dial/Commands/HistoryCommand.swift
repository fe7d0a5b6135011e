// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit
import T9Search

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the most recent calls, newest first, and mark the missed ones seen.",
        discussion: """
            Each call shows its local time, its direction (out or in), its outcome (answered, \
            busy, no answer, cancelled, missed, rejected, failed; placed for a call handed to an \
            exec command, which follows no call), how long it was connected (m:ss, or h:mm:ss, \
            whole seconds) when it was, the number, and a name. A call with a contact (the \
            contacts given with --contacts, else those of the config, as they are now; a caller \
            is found by number too) shows the contact's name and the number as the book writes \
            it; else the name the call came with (a SIP caller's display name) and the number as \
            it came; a call with neither shows the number alone. With --json, one JSON array of \
            objects {"time", "direction", "outcome", "duration", "number", "name", "uid"}: time \
            in UTC (RFC 3339), direction "out" or "in", duration in whole seconds and null when \
            the call was not connected, name null when there is none, uid null for a typed \
            number or a caller not in the book when the call came. Listing (either way) marks \
            every missed call seen: the dialer's idle screen stops showing "N missed". Run as \
            root on a board, it lists the service's calls (/var/lib/t9dial) when root has none of \
            its own, named from the service's synced address book too.
            """
    )

    /// What `--limit` may be: 0 for every call the history keeps, else up to the most
    /// `[history] keep_calls` lets it keep.
    static let limits = 0...HistorySettings.keepCallsRange.upperBound

    // Unconditional, so that --limit -1 is a value out of range rather than a missing one.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The most calls to list, newest first, from 1 to \(limits.upperBound); 0 lists every call kept.", valueName: "n"))
    var limit = 20

    @Flag(help: "Print one JSON array of the calls instead of lines.")
    var json = false

    // The contacts and the config only name the calls: the history reads no layouts or keymaps.
    @Option(name: .long, help: SharedHelp.contacts, completion: .file())
    var contacts: [String] = []

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    func validate() throws {
        if !Self.limits.contains(limit) {
            throw ValidationError("--limit must be from 0 (every call kept) to \(Self.limits.upperBound); found \(limit)")
        }
    }

    func run() throws {
        let history = try CommandFailure.withMessage { try Book.openDialHistory() }
        if let moved = history.movedAside { StandardError.write("warning: \(moved)") }
        let book = try contactBook(syncedFolder: Book.syncedFolder(naming: history))
        let listed: Int
        do {
            listed = try HistoryListing.write(history, limit: limit == 0 ? nil : limit, json: json, book: book)
        } catch {
            switch error {
            case .history(let error): throw CommandFailure(message: error.description)
            case .output(let failure): throw failure
            }
        }
        if listed == 0, !json { try StandardOutput.writeLine("no dials yet (\(history.path))") }
        // After the listing, which stands even if the marker cannot be written.
        do { try history.markMissedSeen() } catch { StandardError.write("warning: \(error)") }
    }
}

extension HistoryCommand {
    /// The contacts of the book given with --contacts, else of the config's book, and the
    /// config's region to compare numbers in. The config's book that does not load names none
    /// (the dials are still listed, by number); a book given that does not load is an error, as
    /// for every other command. Over the service's history, the synced address book is the
    /// service's cache, not root's own.
    func contactBook(syncedFolder: String?) throws -> HistoryBook {
        let overrides = Book.Overrides(configFile: config, contacts: contacts, syncedFolder: syncedFolder)
        let sources: ContactSources
        do {
            sources = try Book.loadContacts(overrides)
        } catch {
            guard contacts.isEmpty else { throw CommandFailure(message: error.description) }
            return HistoryBook()
        }
        for warning in sources.warnings where !contacts.isEmpty { StandardError.write("warning: \(warning)") }
        // Loaded already by loadContacts, so it loads; a region it does not know compares
        // numbers by their digits alone.
        let region = (try? Book.loadConfiguration(file: config))?.search.region.flatMap(DialingRegion.init)
        return HistoryBook(contacts: sources.contacts, region: region)
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
