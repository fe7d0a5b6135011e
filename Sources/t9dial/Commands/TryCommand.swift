// SPDX-License-Identifier: Apache-2.0

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

    @OptionGroup var sound: SoundOptions

    @OptionGroup var logging: LogOptions

    func validate() throws {
        if book.source.readsStandardInput {
            throw ValidationError("try reads its keys from standard input, so the contacts cannot come from there too: name their file with --contacts")
        }
    }

    func run() throws {
        // The loop reads the signals: blocked before anything starts a thread.
        CommandProcess.blockSignals()
        if let stop = try tryKeys() { CommandProcess.end(by: stop) }
    }

    /// Runs the terminal keypad until the keys end or a signal comes, which it returns; the
    /// terminal, the framebuffer and the console are put back by then.
    private func tryKeys() throws -> Int32? {
        let signals = try CommandFailure.withMessage { () throws(DialerError) in try CommandProcess.signals() }
        let logger = logging.makeLogger()
        do {
            // The book is read while the first screen shows how far it has got.
            ProcessMemory.returnLargeBlocksToSystem()
            let contactBook = try Book.prepareToLoad(book.overrides)
            let driver = try KeypadSetup.load(for: contactBook, mode: mode).makeDriver(for: contactBook, placesCalls: true, logger: logger)
            try driver.loadInBackground(contactBook)
            driver.startSound(contactBook.configuration.sound, device: sound.sound)
            defer {
                driver.stopSound()
                driver.useMixer(nil)
            }
            StandardError.write(TerminalKeypad.legend)
            var shown = try display.makeDisplay(for: contactBook, logger: logger)
            defer { shown.restore() }
            let stop = try TerminalKeypad.run(driver: driver, display: &shown, signals: signals)
            if stop == nil { try shown.checkPictures() }
            return stop
        } catch let error as DialerError {
            // Standard output lost ends the command as it ends any other (`T9Dial.main`).
            if case .output(let failure) = error { throw failure }
            throw CommandFailure(message: error.description)
        } catch let error as BookError {
            throw CommandFailure(message: error.description)
        }
    }
}
