public import ArgumentParser
public import DialerConfig
import DialerEngine
import DialerKit

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

    @Option(help: ArgumentHelp("The keypad's event device (by-id and by-path links work).", valueName: "path"))
    var device: String?

    @Option(help: ArgumentHelp("Play an evemu recording instead of reading a keypad, then exit.", valueName: "file"))
    var replay: String?

    @Flag(help: "With --replay, wait between events as the recording did.")
    var realtime = false

    @Option(help: ArgumentHelp("How typing starts: t9 or multitap.", valueName: "mode"))
    var mode: KeypadSettings.EntryMode?

    @OptionGroup var display: DisplayOptions

    @Flag(help: "Share the keypad with other programs instead of taking it for t9dial alone.")
    var noGrab = false

    func validate() throws {
        if device != nil, replay != nil { throw ValidationError("give --device or --replay, not both") }
        if realtime, replay == nil { throw ValidationError("--realtime is for --replay") }
    }

    func run() throws {
        do {
            var (setup, driver, shown) = try prepare()
            if let replay {
                try ReplayRun.load(path: replay, setup: setup, realtime: realtime).play(into: driver, display: &shown)
            } else {
                let run = try KeypadRun(setup: setup, driver: driver, device: device, grab: !noGrab)
                try run.run(display: &shown) { StandardError.write($0) }
            }
        } catch let error as DialerError {
            throw CommandFailure(message: error.description)
        }
    }

    /// The keys' setup, the dialer and the displays. The `Dialer` that loads the book is let
    /// go here: from now on the live book is the only holder of the book, so a reload frees
    /// the old one.
    private func prepare() throws -> (KeypadSetup, DialerDriver, DisplayGroup) {
        let dialer = try book.loadDialer()
        let setup = try KeypadSetup.load(for: dialer, mode: mode)
        // A replay is not the user calling anyone: it only prints its dials, and reads the book once.
        let driver = try setup.makeDriver(for: dialer, placesCalls: replay == nil) { StandardError.write($0) }
        if replay == nil { driver.keepCurrent(LiveBook(dialer)) }
        return (setup, driver, try display.makeDisplay(for: dialer, recordDials: replay == nil))
    }
}

extension KeypadSettings.EntryMode: ExpressibleByArgument {}
