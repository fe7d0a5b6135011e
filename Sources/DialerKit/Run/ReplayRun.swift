// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import ProcessLoop
import Foundation
import SystemCalls
import InputEvents

/// Plays an evemu recording through the dialer instead of a keypad: the events' own times drive
/// every timer, so a replay needs no waiting (or, with `realtime`, waits as the recording did,
/// for a demo). When the recording ends, timers still pending (a hold, a multi-tap letter) fire
/// in recorded time, as if the keypad were then left alone; the idle clear does not.
public struct ReplayRun {
    public var recording: EvemuRecording
    public var keymap: Keymap
    public var setup: KeypadSetup
    public var realtime: Bool

    /// The largest recording played: 64 MiB, about a million key events, hours of typing.
    public static let maxRecordingBytes = 64 << 20

    /// Reads the recording at `path` and picks its keymap from the keys its device has (from the
    /// recording's `B: 01` lines, or the keys it presses when it has none).
    public static func load(path: String, setup: KeypadSetup, realtime: Bool) throws(DialerError) -> ReplayRun {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxBytes: maxRecordingBytes)
        } catch {
            throw .replay(.unreadable(error))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .replay(.notText(path: path)) }
        let recording: EvemuRecording
        do {
            recording = try EvemuRecording.parse(text: text, file: path)
        } catch {
            throw .replay(.malformed(error))
        }
        var keys = recording.keyCodes
        if keys.isEmpty { keys = Set(recording.events.filter { $0.type == EventType.key }.map(\.code)) }
        guard let keymap = setup.keymap(forKeys: keys) else {
            throw .replay(.noKeymap(path: path, keymaps: setup.keymaps.ids))
        }
        return ReplayRun(recording: recording, keymap: keymap, setup: setup, realtime: realtime)
    }

    /// Plays the recording into `driver`'s machine, showing every update on `display`, until
    /// its end or one of `signals`, which it returns. With `realtime`, it waits for each event
    /// in the loop, which also reads the signals; without, a signal that came meanwhile is
    /// returned once the recording is played. Throws `DialerError.output` when the display
    /// could not write to standard output: a replay's output is what it is played for.
    public func play(
        into driver: DialerDriver, display: inout some DialerDisplay, signals: borrowing SignalSource,
        loop: EventLoop = EventLoop()
    ) throws(DialerError) -> Int32? {
        let machine = driver.machine
        machine.attach(device: 0, keymap: keymap, timing: setup.timing)
        machine.showFirstScreen(on: &display)
        let start = loop.clock.now()
        let firstTime = recording.events.first?.time ?? 0
        for event in recording.events {
            if realtime {
                let due = start.addingSaturated(event.time - firstTime)  // evemu times are within ±4e9 s
                while loop.clock.now() < due {
                    do {
                        let wakeup = try loop.wait(for: [EventLoop.Source(LoopSource.signals, signals.descriptor)], until: due)
                        if wakeup.isReady(.signals), let signal = signals.received().first { return signal }
                    } catch {
                        throw .loop(error)
                    }
                }
            }
            driver.apply(machine.handle(event, from: 0), to: &display)
            if let failure = display.writeFailure { throw .output(failure) }
        }
        let lastTime = recording.events.last?.time ?? 0
        let settle = max(setup.timing.clearHold, setup.timing.longPress, setup.dialerSettings.multiTapCommit) + setup.timing.debounce
        driver.apply(machine.advance(to: lastTime.addingSaturated(settle)), to: &display)
        try driver.finishAll(display: &display)
        if let failure = display.writeFailure { throw .output(failure) }
        return signals.received().first
    }
}
