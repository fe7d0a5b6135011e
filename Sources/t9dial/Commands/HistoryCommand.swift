import ArgumentParser
import ContactBook
import DialHistory
import DialerKit
import Foundation

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the most recent dials, newest first.",
        discussion: """
            Each dial shows its time, outcome, number and the contact's name, from the contacts the \
            config names (their UID when a contact is no longer there). Run as root on a board, it \
            lists the service's dials (/var/lib/t9dial) when root has none of its own.
            """
    )

    @Option(help: "How many dials to list.")
    var limit = 20

    @OptionGroup var settings: SettingsOptions

    func validate() throws {
        // Zero would list nothing and then say "no dials yet", which is not true.
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1 (it is \(limit))") }
    }

    func run() throws {
        let history: DialHistory
        do { history = try DialHistory() } catch { throw CommandFailure(message: error.description) }
        if let moved = history.movedAside { StandardError.write("warning: \(moved)") }
        let dials: [Dial]
        do { dials = try history.recent(limit: limit) } catch { throw CommandFailure(message: error.description) }
        if dials.isEmpty {
            StandardOutput.writeLine("no dials yet (\(history.path))")
            return
        }
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        format.timeZone = .current
        let names = contactNames()
        for dial in dials {
            let who = dial.uid.map { "  " + (names[$0] ?? $0) } ?? ""
            StandardOutput.writeLine("\(format.string(from: dial.time))  \(dial.status)  \(dial.number)" + who)
        }
    }
}

extension HistoryCommand {
    /// The name of each contact of the config's book, by UID; none when the book does not load
    /// (the dials are still listed, by UID).
    func contactNames() -> [String: String] {
        let overrides = Dialer.Overrides(configFile: settings.config, dataDirectory: settings.dataDir)
        guard let sources = try? Dialer.loadContacts(overrides) else { return [:] }
        return Dictionary(sources.contacts.map { ($0.uid, $0.displayName) }, uniquingKeysWith: { first, _ in first })
    }
}

struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Clear the dial history and everything t9dial has learned from it."
    )

    func run() throws {
        do {
            let history = try DialHistory()
            try history.forget()
            StandardOutput.writeLine("forgot every dial and pick in \(history.path)")
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
