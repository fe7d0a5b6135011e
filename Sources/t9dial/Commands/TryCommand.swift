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

    @OptionGroup var display: DisplayOptions

    @OptionGroup var logging: LogOptions

    func run() throws {
        let logger = logging.makeLogger()
        let dialer = try book.loadDialer()
        do {
            let driver = try KeypadSetup.load(for: dialer, mode: mode).makeDriver(for: dialer, placesCalls: true, logger: logger)
            driver.keepCurrent(LiveBook(dialer))
            StandardError.write(TerminalKeypad.legend)
            var shown = try display.makeDisplay(for: dialer, recordDials: true, logger: logger)
            TerminalKeypad.run(driver: driver, display: &shown)
            try shown.checkPictures()
        } catch let error as DialerError {
            throw CommandFailure(message: error.description)
        }
    }
}
