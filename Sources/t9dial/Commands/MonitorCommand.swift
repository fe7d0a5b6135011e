// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit

struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Show each key event and what t9dial makes of it, to find why a key does nothing.",
        discussion: """
            One line per key event: the time (seconds, CLOCK_MONOTONIC), the device, the key's \
            evdev name, press, release or repeat; what the keymap makes of it ("digit 5", "dial", \
            "not in keymap KEY_F13"); what debouncing did ("passed", "dropped as chatter"); and \
            the gesture it became (press, tap, long press, multi-tap letter) with the query it \
            typed. A release is shown once debouncing has decided on it, up to [keypad] \
            debounce_ms later. A line "held" is a hold timer firing while the key is down.
            It reads every input device (or the one named with --device), a device no keymap \
            fits too, shared, never grabbed, so it runs beside the service; but a keypad the \
            service grabbed sends its keys to the service alone, which it says: then \
            sudo systemctl stop t9dial first. Ctrl-C ends it.
            """
    )

    @Option(help: ArgumentHelp("The event device to monitor (by-id and by-path links work).", valueName: "path"), completion: .file())
    var device: String?

    @Option(help: ArgumentHelp("Monitor an evemu recording instead of the keypads, then exit.", valueName: "file"), completion: .file())
    var replay: String?

    @Option(help: ArgumentHelp("The mode the multi-tap letters are shown in: t9 or multitap.", valueName: "mode"))
    var mode: KeypadSettings.EntryMode?

    @OptionGroup var settings: SettingsOptions

    func validate() throws {
        if device != nil, replay != nil { throw ValidationError("give --device or --replay, not both") }
    }

    func run() throws {
        // The loop reads the signals: blocked before anything starts a thread.
        CommandProcess.blockSignals()
        let signals = try CommandFailure.withMessage { () throws(DialerError) in try CommandProcess.signals() }
        let overrides = Book.Overrides(configFile: settings.config, dataDirectory: settings.dataDir)
        do {
            let (setup, monitor) = try MonitorRun.setup(overrides, mode: mode)
            if let replay {
                try MonitorRun.replay(path: replay, setup: setup, monitor: monitor, write: Self.writeLine)
                return
            }
            let stop = try MonitorRun.live(
                device: device, setup: setup, monitor: monitor, signals: signals, serviceIsRunning: MonitorRun.serviceIsRunning(),
                write: Self.writeLine)
            CommandProcess.end(by: stop)
        } catch {
            // Standard output lost ends the command as it ends any other (`T9Dial.main`).
            if case .output(let failure) = error { throw failure }
            throw CommandFailure(message: error.description)
        }
    }

    /// One line of the monitor on standard output.
    private static func writeLine(_ line: String) throws(DialerError) {
        do { try StandardOutput.writeLine(line) } catch { throw .output(error) }
    }
}
