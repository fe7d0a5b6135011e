// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialHistory
import DialerConfig
import DialerEngine
import DialerKit

/// `t9dial speed-dial`: the keys a long press of 2 to 9 calls, kept in the history's file (the
/// state folder); the config's `[speed_dial]` wins over them.
struct SpeedDialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speed-dial",
        abstract: "List, set or clear what a long press of 2 to 9 calls on an empty query.",
        discussion: """
            A key calls a contact (by name as shown, or its vCard UID), with its usual number \
            or the one given with --number (the number, or its label), or a number. The keys \
            set here are kept beside the dial history (in the state folder); keys set in the \
            config's [speed_dial] win over them. A long press of 1 calls [dial] voicemail. The \
            service takes up keys set here when it starts or reloads (systemctl reload t9dial).
            """,
        subcommands: [SpeedDialListCommand.self, SpeedDialSetCommand.self, SpeedDialClearCommand.self],
        defaultSubcommand: SpeedDialListCommand.self
    )

    /// A key given on the command line: 2 to 9.
    static func key(_ text: String) throws -> Int {
        guard text.count == 1, let digit = text.first?.wholeNumberValue, SpeedDials.keys.contains(UInt8(digit)) else {
            throw ValidationError("the key must be 2 to 9 (1 calls [dial] voicemail, set in the config; 0 gives +); found \"\(text)\"")
        }
        return digit
    }

    /// `config` read for what it sets; nil (with a warning) when it cannot be read.
    static func configuration(_ file: String?) -> DialerConfiguration? {
        do {
            return try Book.loadConfiguration(file: file)
        } catch {
            StandardError.write("warning: the config's [speed_dial] is not read: \(error)")
            return nil
        }
    }

    /// "t9dial.toml:12", or the file alone.
    static func place(file: String?, line: Int?) -> String {
        (file ?? "the config") + (line.map { ":\($0)" } ?? "")
    }
}

struct SpeedDialListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the keys set, and where each is set: the config or kept here.")

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    func run() throws {
        let history = try CommandFailure.withMessage { try Book.openDialHistory() }
        let kept = try CommandFailure.withMessage { try history.speedDials() }
        let configuration = try CommandFailure.withMessage { try Book.loadConfiguration(file: config) }
        var lines: [String] = []
        if let voicemail = configuration.voicemail {
            lines.append(
                "1  voicemail  \(voicemail)  (config \(SpeedDialCommand.place(file: configuration.file, line: configuration.line(of: "dial.voicemail"))))")
        }
        for assignment in SpeedDialAssignment.all(configuration: configuration, kept: kept) {
            let source =
                switch assignment.source {
                case .config(let file, let line): "config \(SpeedDialCommand.place(file: file, line: line))"
                case .kept: assignment.isOverridden ? "kept; the config's wins" : "kept"
                }
            lines.append("\(assignment.key)  \(assignment.target)  (\(source))")
        }
        if lines.isEmpty {
            lines.append("no speed dials: t9dial speed-dial set 2 \"Fred Smith\", or [speed_dial] in the config")
        }
        for line in lines { try StandardOutput.writeLine(line) }
    }
}

struct SpeedDialSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set KEY (2 to 9) to call a contact or a number.")

    @Argument(help: "The key, 2 to 9.")
    var key: String

    @Argument(help: ArgumentHelp("A contact's name as shown (or vCard UID), or a number.", valueName: "target"))
    var target: String

    @Option(help: ArgumentHelp("Which of the contact's numbers: the number, or its label (home, work).", valueName: "number"))
    var number: String?

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    func validate() throws {
        _ = try SpeedDialCommand.key(key)
        for (text, what) in [(target, "the target"), (number ?? "x", "--number")] {
            guard !text.isEmpty, text.count <= SpeedDialTarget.maximumLength else {
                throw ValidationError("\(what) must be 1 to \(SpeedDialTarget.maximumLength) characters")
            }
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw ValidationError("\(what) must be one line, without control characters")
            }
        }
    }

    func run() throws {
        let digit = try SpeedDialCommand.key(key)
        let target = SpeedDialTarget(text: self.target, number: number)
        let history = try CommandFailure.withMessage { try Book.openDialHistory() }
        try CommandFailure.withMessage { try history.setSpeedDial(StoredSpeedDial(key: digit, target: target)) }
        try StandardOutput.writeLine("\(digit): \(target), kept in \(history.path)")
        if let configuration = SpeedDialCommand.configuration(config), let set = configuration.speedDial.targets[UInt8(digit)] {
            let place = SpeedDialCommand.place(file: configuration.file, line: configuration.line(of: "speed_dial.\(digit)"))
            StandardError.write("warning: the config's [speed_dial] \(digit) = \(set) (\(place)) wins over it")
        }
    }
}

struct SpeedDialClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Clear KEY (2 to 9) as kept here (not the config's).")

    @Argument(help: "The key, 2 to 9.")
    var key: String

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    func validate() throws {
        _ = try SpeedDialCommand.key(key)
    }

    func run() throws {
        let digit = try SpeedDialCommand.key(key)
        let history = try CommandFailure.withMessage { try Book.openDialHistory() }
        let cleared = try CommandFailure.withMessage { try history.clearSpeedDial(digit) }
        try StandardOutput.writeLine(cleared ? "\(digit): cleared" : "\(digit): nothing was kept on it")
        if let configuration = SpeedDialCommand.configuration(config), let set = configuration.speedDial.targets[UInt8(digit)] {
            let place = SpeedDialCommand.place(file: configuration.file, line: configuration.line(of: "speed_dial.\(digit)"))
            StandardError.write("warning: the config's [speed_dial] \(digit) = \(set) (\(place)) stays; remove it there")
        }
    }
}
