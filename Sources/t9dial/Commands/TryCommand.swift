import ArgumentParser
import DialerConfig
import DialerKit

struct TryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "try",
        abstract: "Use this terminal's keyboard as the keypad, to try t9dial with no hardware.",
        discussion: TerminalKeypad.legend
    )

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("How typing starts: t9 or multitap.", valueName: "mode"))
    var mode: KeypadSettings.EntryMode?

    @Flag(help: "Print one JSON object per change instead of text.")
    var json = false

    func run() throws {
        let dialer = try book.loadDialer()
        do {
            let machine = try KeypadSetup.load(for: dialer, mode: mode).makeMachine(index: dialer.index)
            StandardError.write(TerminalKeypad.legend)
            if json {
                var display = JSONDisplay(output: StandardOutputStream())
                TerminalKeypad.run(machine: machine, display: &display)
            } else {
                var display = TextDisplay(output: StandardOutputStream())
                TerminalKeypad.run(machine: machine, display: &display)
            }
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
