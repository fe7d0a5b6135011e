// SPDX-License-Identifier: Apache-2.0

public import ArgumentParser
public import DialerConfig
import DialerKit
import Logging

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Read the keypad and search and dial contacts as keys are pressed.",
        discussion: """
            Each change prints the mode, the query and the best matches, the selected one marked \
            with >. Keys: digits type; * next result (hold: delete, hold 2 s: clear); # dial \
            (hold: switch between T9 and multi-tap); 0 held types +. On a numpad, Enter dials, \
            Backspace deletes, + and - move the selection, / switches mode.
            The keypad is --device, else /dev/input/t9dial-keypad, else found by its keys. \
            The config's [screen] framebuffer is drawn on too, unless --output names a framebuffer.
            """
    )

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("The keypad's event device (by-id and by-path links work).", valueName: "path"), completion: .file())
    var device: String?

    @Option(help: ArgumentHelp("Play an evemu recording instead of reading a keypad, then exit.", valueName: "file"), completion: .file())
    var replay: String?

    @Flag(help: "With --replay, wait between events as the recording did.")
    var realtime = false

    @Option(help: ArgumentHelp("How typing starts: t9 or multitap.", valueName: "mode"))
    var mode: KeypadSettings.EntryMode?

    @OptionGroup var display: DisplayOptions

    @Flag(help: "Share the keypad with other programs instead of taking it for t9dial alone.")
    var noGrab = false

    @OptionGroup var sound: SoundOptions

    @OptionGroup var logging: LogOptions

    func validate() throws {
        if device != nil, replay != nil { throw ValidationError("give --device or --replay, not both") }
        if realtime, replay == nil { throw ValidationError("--realtime is for --replay") }
        // A replay reads no keypad: there is nothing to share or grab.
        if noGrab, replay != nil { throw ValidationError("--no-grab is for reading a keypad, not --replay") }
        // A replay places no calls: nothing rings, and its keys are not a person's.
        if sound.sound != nil, replay != nil { throw ValidationError("--sound is for reading a keypad, not --replay") }
    }

    func run() throws {
        // The loop reads the signals: blocked before anything starts a thread.
        CommandProcess.blockSignals()
        if let stop = try runUntilStopped() { CommandProcess.end(by: stop) }
    }

    /// Runs the service or the replay; returns the signal that stopped it, once the screen is
    /// put back.
    private func runUntilStopped() throws -> Int32? {
        let logger = logging.makeLogger()
        do {
            if let replay {
                let signals = try CommandProcess.signals()
                let (setup, driver, shown) = try prepareReplay(logger: logger)
                var display = shown
                defer { display.restore() }
                let stop = try ReplayRun.load(path: replay, setup: setup, realtime: realtime).play(into: driver, display: &display, signals: signals)
                if stop == nil { try display.checkPictures() }
                return stop
            } else {
                ProcessMemory.returnLargeBlocksToSystem()
                let service = try DialerService(
                    overrides: book.overrides, mode: mode, device: device, grab: !noGrab, logger: logger, soundDevice: sound.sound)
                guard let bookAtStart = service.bookAtStart else { return nil }
                var shown = try display.makeDisplay(for: bookAtStart, logger: logger)
                defer { shown.restore() }
                let stop = try service.run(display: &shown)
                try shown.checkPictures()
                return stop
            }
        } catch let error as DialerError {
            // A reader gone ends a replay quietly, as it ends any command (`T9Dial.main`).
            if case .output(let failure) = error, failure.readerLeft { throw failure }
            logger.error("\(error.description)")
            throw ExitCode.failure
        }
    }

    /// The keys' setup, the driver and the displays of a replay, which only prints its dials
    /// and reads the book once: it is not the user calling anyone.
    private func prepareReplay(logger: Logger) throws -> (KeypadSetup, DialerDriver, DisplayGroup) {
        let contactBook = try book.loadBook()
        let setup = try KeypadSetup.load(for: contactBook, mode: mode)
        let driver = try setup.makeDriver(for: contactBook, placesCalls: false, logger: logger)
        return (setup, driver, try display.makeDisplay(for: contactBook, logger: logger))
    }
}

extension KeypadSettings.EntryMode: ExpressibleByArgument {}
