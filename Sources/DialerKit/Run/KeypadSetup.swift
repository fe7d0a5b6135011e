// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
import BackgroundWork
import Diagnostics
public import DialerEngine
public import Logging
public import Phonebook
public import T9Search
import InputEvents
import Telephony
public import ProcessLoop

/// How keys are read and timed for a run: the keymaps, the `[keypad]` settings with the
/// command line's overrides, and the dialer they drive.
public struct KeypadSetup: Sendable {
    public var keymaps: KeymapCatalog
    public var settings: KeypadSettings
    public var timing: KeyTiming
    public var dialerSettings: DialerSettings

    public init(keymaps: KeymapCatalog, settings: KeypadSettings, timing: KeyTiming, dialerSettings: DialerSettings) {
        self.keymaps = keymaps
        self.settings = settings
        self.timing = timing
        self.dialerSettings = dialerSettings
    }

    /// The setup for `book`, with the command line's `mode` (nil: the config's).
    public static func load(for book: Book, mode: KeypadSettings.EntryMode? = nil) throws(DialerError) -> KeypadSetup {
        let settings = book.configuration.keypad
        let keymaps: KeymapCatalog
        do {
            keymaps = try KeymapCatalog.load(dataDirectory: book.dataDirectory)
        } catch {
            throw .config(error)
        }
        // Said at the config's line, as `t9dial config check` says it.
        if let problem = ConfigCheck.keymapProblem(book.configuration, keymaps: keymaps) { throw .config(problem.error) }
        let initialMode: InputMode
        switch mode ?? settings.mode {
        case .t9: initialMode = .t9
        case .multitap: initialMode = book.index.alphabet.layouts.first.map { .multiTap(layout: $0.id) } ?? .t9
        }
        return KeypadSetup(
            keymaps: keymaps,
            settings: settings,
            timing: KeyTiming(
                debounceMilliseconds: settings.debounceMilliseconds,
                longPressMilliseconds: settings.longPressMilliseconds,
                clearHoldMilliseconds: settings.clearHoldMilliseconds
            ),
            dialerSettings: DialerSettings(
                multiTapCommit: Microseconds(settings.multitapCommitMilliseconds) * 1000,
                idleClear: settings.idleClearSeconds == 0 ? nil : Microseconds(settings.idleClearSeconds) * 1_000_000,
                resultLimit: book.limit,
                initialMode: initialMode,
                sleepAfter: book.configuration.screen.sleepAfterMicroseconds
            )
        )
    }

    /// The keymap to read a device that has `keys` with: the configured one if the device has
    /// its digits, else (with "auto") the first of `KeymapCatalog.automaticOrder` whose digits
    /// it has; nil when none fits.
    public func keymap(forKeys keys: Set<UInt16>) -> Keymap? {
        candidateKeymaps.first { $0.missingDigits(onDeviceWithKeys: keys).isEmpty }
    }

    /// The keymaps a device may be read with, in the order they are tried.
    public var candidateKeymaps: [Keymap] {
        (try? keymaps.candidateKeymaps(id: settings.keymap)) ?? []
    }

    /// The dialer of `dialer`'s book, ready to run: it ranks first the contacts the user picked
    /// before for a query (from the dial history), and dials with the `[dial]` method, recording
    /// each dial in the history, or only prints the dials when `placesCalls` is false (a replay,
    /// which is not the user calling anyone). Outcomes go to `logger`; the line's times and the
    /// book's loading are `clock`'s.
    public func makeDriver(
        for book: Book, placesCalls: Bool, logger: Logger, clock: MonotonicClock = .system
    ) throws(DialerError) -> DialerDriver {
        let machine = try makeMachine(index: book.index)
        let line: any CallLine
        do throws(DialSetupError) {
            line = placesCalls ? try book.configuration.dial.makeLine() : PrintLine()
        } catch {
            throw .dialMethod(error)
        }
        let recorder = placesCalls ? book.history.map { HistoryRecorder(history: $0) } : nil
        let driver = DialerDriver(machine: machine, line: line, logger: logger, recorder: recorder, clock: clock)
        if let history = book.history { driver.learnPicks(from: history) }
        // A replay's long presses dial what the config says too (only printed).
        driver.useSpeedDials(book.configuration)
        driver.useEmergencyNumbers(book.configuration)
        // A replay's screens are the recording's: no clock of the day on them.
        if placesCalls { driver.keepStatus(clock: book.configuration.screen.clock) }
        return driver
    }

    /// A dialer for `index` with these settings, reading no keypad yet, its search warmed up
    /// (`SearchIndex.warmUp`). The index's text search, which multi-tap mode uses, is built on
    /// another thread meanwhile, unless the book came ready for keys (`prepareForKeys`): a
    /// thread started for nothing still gave memory back to the system (`malloc_trim`) while
    /// the first keys were typed, holding the heap they allocate from.
    public func makeMachine(index: SearchIndex) throws(DialerError) -> DialerMachine {
        if !index.isTextSearchPrepared {
            DetachedWork.start(name: "t9dial-text") {
                // What building it freed goes back to the system at the end.
                ProcessMemory.whileIndexing { index.prepareTextSearch() }
            }
        }
        index.warmUp(limit: dialerSettings.resultLimit)
        do {
            return DialerMachine(session: try DialerSession(index: index, settings: dialerSettings))
        } catch {
            throw .settings(error)
        }
    }
}
