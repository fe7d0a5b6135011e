// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerKit
import Foundation

@main
struct T9Dial: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "t9dial",
        abstract: "Find and dial contacts with a phone keypad, the way T9 phones did.",
        discussion: """
            Exit status: 0 when the command did its work; 1 when it could not, with the reason \
            on standard error (devices and doctor also exit 1 for what they found: see their \
            help); 64 for a mistake in the arguments. Output that cannot be written is an error \
            like any other ("cannot write to standard output: No space left on device"), but for \
            a reader that went away (t9dial contacts | head -1): t9dial then ends quietly by \
            SIGPIPE, as other programs do (141 in a shell). t9dial run as a service goes on \
            without its text output, and logs a warning once.
            """,
        version: BuildInfo.line,
        subcommands: [
            SearchCommand.self, QueryCommand.self, ContactsCommand.self, RunCommand.self, TryCommand.self, DevicesCommand.self, UdevRuleCommand.self,
            MonitorCommand.self, DoctorCommand.self, ConfigCommand.self, HistoryCommand.self, ForgetCommand.self, SyncCommand.self,
            RingCommand.self, SpeedDialCommand.self, VersionCommand.self,
        ]
    )

    /// Parses and runs like swift-argument-parser's own `main`, but a first word that names no
    /// command is told with the one it was probably meant to be (`UnknownCommand`), every error
    /// line starts with "error: ", and an error's message goes
    /// through `VisibleText`: it quotes what the user or a file gave, and an escape sequence
    /// in an argument or a contact must not reach the terminal. Help and completion scripts,
    /// which exit with success, are written to standard output as they are.
    ///
    /// SIGPIPE is ignored first (`CommandProcess`): output that cannot be written, help
    /// included, is an error that ends the command by `end(writeFailure:)`.
    static func main() {
        CommandProcess.reportBrokenPipesAsErrors()
        let commands = configuration.subcommands.map { $0._commandName }
        if let unknown = UnknownCommand.find(in: Array(CommandLine.arguments.dropFirst()), commands: commands) {
            StandardError.write("error: \(unknown)")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if let failure = CommandProcess.writeFailureMessage(error) { end(writeFailure: failure) }
            let code = exitCode(for: error)
            let message = lowercasingErrorPrefix(fullMessage(for: error))
            if message.isEmpty {
                // An ExitCode thrown after the error was logged: nothing more to say.
            } else if code == .success {
                do {
                    try StandardOutput.write(message + "\n")
                } catch {
                    end(writeFailure: CommandProcess.writeFailureMessage(error) ?? error.description)
                }
            } else {
                StandardError.write(message)
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// Ends t9dial once its output could not be written (and its reader is still there:
    /// `CommandProcess.writeFailureMessage` ends it quietly by SIGPIPE when the reader went
    /// away, exit status 141 in a shell): with one line on standard error saying why, as any
    /// other error is told, and exit status 1 (1 alone when standard error cannot be written
    /// either).
    static func end(writeFailure: String) -> Never {
        StandardError.write(lowercasingErrorPrefix(fullMessage(for: CommandFailure(message: writeFailure))))
        Foundation.exit(ExitCode.failure.rawValue)
    }

    /// swift-argument-parser's "Error: " as every other error line of t9dial starts:
    /// "error: ", as the log and the warnings ("warning: ") write it.
    static func lowercasingErrorPrefix(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
    }
}
