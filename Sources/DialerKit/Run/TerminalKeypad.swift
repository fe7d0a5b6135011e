// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Glibc
import SystemCalls
public import ProcessLoop
import InputEvents
import struct SystemPackage.FileDescriptor

/// The terminal's own keyboard as the keypad, for `t9dial try`: anyone can try t9dial with no
/// hardware.
///
/// A terminal sends characters, not presses and releases, so each key is a quick tap and there
/// are no long presses; the keys that stand in for them are in `legend`. On a terminal, input is
/// read raw (no echo, no line editing) and the terminal is restored on exit, also on SIGTERM,
/// SIGINT and SIGHUP, which the loop reads as events (`SignalSource`). Piped input works too
/// (`printf 37337# | t9dial try`). Waiting sleeps in the loop until a key comes or the dialer's
/// next timer is due.
public enum TerminalKeypad {
    public static let legend = """
        Keys: 0-9 type, * next result, # dial, Enter dial, Backspace delete, Esc clear,
        + or Down next, - or Up previous, Tab or / switch T9 and multi-tap, h hang up, q quit.
        # or Enter with nothing typed: the recent calls; again: call the one selected.
        Alt+digit (or Esc then the digit) holds it: 0 is +; with nothing typed, 2-9 speed dial, 1 voicemail.
        """

    /// Runs the dialer on the terminal until q, Ctrl-C, Ctrl-D or the end of piped input, or
    /// until one of `signals` comes (SIGTERM, SIGINT, SIGHUP), which it returns for the caller
    /// to end the process by, once it has put its framebuffer back. A call under way when the
    /// keys end is waited for, so piped keys that end with `#` call; `q` and a signal end it
    /// instead (`DialerDriver.stop`), within a second.
    ///
    /// One loop waits for everything: the terminal, the driver's dials and book reloads, the
    /// signals and the dialer's next timer (`EventLoop`). Screens that cannot be written to
    /// standard output end it (`DialerError.output`), with the terminal put back: on a terminal
    /// they are all the user has.
    public static func run(
        driver: DialerDriver, display: inout some DialerDisplay, signals: borrowing SignalSource,
        loop: EventLoop = EventLoop()
    ) throws(DialerError) -> Int32? {
        let machine = driver.machine
        let rawMode = RawTerminal.enter()
        defer { rawMode?.restore() }
        let dialerLoop = DialerLoop(driver: driver, terminal: TerminalInput(), events: loop)
        machine.session.keyLabels.merge(TerminalKeys.labels) { first, _ in first }
        driver.startCalls()
        machine.showFirstScreen(on: &display)
        if let failure = display.writeFailure { throw .output(failure) }
        var quit = false
        while true {
            // The keys read now are stamped with the moment the loop woke, and the timers go no
            // further, however long handling them takes: a key typed meanwhile is read at the
            // next wake-up, before a multi-tap letter it would change is committed.
            let woke = try dialerLoop.step(display: &display, watching: [EventLoop.Source(.signals, signals.descriptor)])
            if woke.signals, let signal = signals.received().first {
                try driver.stop(display: &display)
                return signal
            }
            if let problem = driver.loadProblem { throw problem }
            if let failure = display.writeFailure { throw .output(failure) }
            if woke.terminalEnded {
                quit = woke.quit
                break
            }
        }
        if quit {
            // q ends the call under way, within a second whatever the line does.
            try driver.stop(display: &display)
            if let failure = display.writeFailure { throw .output(failure) }
            return nil
        }
        // Keys piped in may all be read before the book is loaded: they are searched in it.
        driver.finishLoading(display: &display)
        if let problem = driver.loadProblem { throw problem }
        // Let a pending multi-tap letter or hold settle, as a keypad left alone would.
        if let deadline = machine.nextDeadline, deadline - loop.clock.now() < 5_000_000 {
            driver.apply(machine.advance(to: deadline), to: &display)
        }
        // The call the keys made lasts until it ends, or until a signal stops the run.
        if try driver.finishAll(display: &display, signals: signals.descriptor) { return signals.received().first ?? SIGTERM }
        if let failure = display.writeFailure { throw .output(failure) }
        return nil
    }
}

/// The keys typed on the terminal (standard input), read as the loop finds them readable and
/// turned into the gestures of a keypad (`TerminalKeys`).
public struct TerminalInput {
    /// Standard input, which the loop waits on.
    let descriptor = FileDescriptor.standardInput
    /// Bytes read that do not make a key yet (the start of an arrow key's escape sequence).
    private var pending: [UInt8] = []

    public init() {}

    /// What one read of the terminal gave.
    struct Read {
        var gestures: [TimedGesture] = []
        /// `q`, Ctrl-C or Ctrl-D was typed.
        var quit = false
        /// The input ended, or cannot be read.
        var ended = false
    }

    /// Reads what the terminal has, stamped `time`; does not block (the loop found it readable).
    mutating func read(at time: Microseconds) -> Read {
        var buffer = [UInt8](repeating: 0, count: 64)
        switch buffer.withUnsafeMutableBytes({ SystemCall.read(descriptor, $0) }) {
        case .success(let count) where count > 0:
            pending += buffer[0..<count]
            let (gestures, quit) = TerminalKeys.gestures(from: &pending, at: time)
            return Read(gestures: gestures, quit: quit)
        case .failure(let error) where error.rawValue == EAGAIN:
            return Read()
        default:
            return Read(ended: true)  // the end of the input, or it cannot be read
        }
    }
}
