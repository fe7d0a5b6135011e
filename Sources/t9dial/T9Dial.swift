// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import Foundation
import TerminalText

@main
struct T9Dial: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "t9dial",
        abstract: "Find and dial contacts with a phone keypad, the way T9 phones did.",
        version: BuildInfo.line,
        subcommands: [
            SearchCommand.self, QueryCommand.self, ContactsCommand.self, RunCommand.self, TryCommand.self, DevicesCommand.self, UdevRuleCommand.self,
            MonitorCommand.self, DoctorCommand.self, HistoryCommand.self, ForgetCommand.self, SyncCommand.self,
            VersionCommand.self,
        ]
    )

    /// Parses and runs like swift-argument-parser's own `main`, but an error's message goes
    /// through `VisibleText`: it quotes what the user or a file gave, and an escape sequence
    /// in an argument or a contact must not reach the terminal. Help and completion scripts,
    /// which exit with success, are written to standard output as they are.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if message.isEmpty {
                // An ExitCode thrown after the error was logged: nothing more to say.
            } else if code == .success {
                FileHandle.standardOutput.write(Data((message + "\n").utf8))
            } else {
                FileHandle.standardError.write(Data((VisibleText.lines(message) + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
