import ArgumentParser
import DialHistory
import Foundation

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the most recent dials, newest first."
    )

    @Option(help: "How many dials to list.")
    var limit = 20

    func run() throws {
        let history: DialHistory
        do { history = try DialHistory() } catch { throw CommandFailure(message: error.description) }
        if let moved = history.movedAside { StandardError.write("warning: \(moved)") }
        let dials: [Dial]
        do { dials = try history.recent(limit: limit) } catch { throw CommandFailure(message: error.description) }
        if dials.isEmpty {
            print("no dials yet (\(history.path))")
            return
        }
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        format.timeZone = .current
        for dial in dials {
            print("\(format.string(from: dial.time))  \(dial.outcome)  \(dial.number)" + (dial.uid.map { "  \($0)" } ?? ""))
        }
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
            print("forgot every dial and pick in \(history.path)")
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
