// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialHistory
import DialerConfig
import DialerEngine
import DialerKit
import Evdev
import Foundation
import Glibc
import InputEvents
import Logging
import Phonebook
import ProcessLoop
import SeededRandom
import T9Search

/// How long the loop's thread is held, and so how long keys wait (the keypads are read on a
/// thread of their own, so they wait; none is lost): by each key event, from the event to its
/// rendered screen, through the driver as `t9dial run` has it (release build, 14 rows); and by
/// a dial recorded in the history. A dial's work is spread over the loop's steps: the dial key
/// (the dial started, its write into the history handed to a thread), the step that takes the
/// written dial in (and asks for the book to be ranked anew), and the step that takes the
/// reranked book in (the query searched again in it, the keys warmed up). The history write
/// and the ranking themselves run on threads of their own; their times are measured too.
/// Part of the keypad benchmark.
struct LoopStalls {
    var book: BookOptions
    var rows: Int
    /// How many dials to record, each after a typed query.
    var dials: Int
    /// The folder for the benchmark's dial history (on the disk whose fsync is measured).
    var stateDir: String

    func measure(index: SearchIndex) throws {
        let keymap = try KeymapCatalog.load(dataDirectory: book.dataDir).keymap(id: "usb-numpad")
        var random = SplitMix(seed: 29)
        let scripts = TypingScript.make(count: dials, contacts: index.contacts, alphabet: index.alphabet, random: &random)

        try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
        let historyPath = stateDir + "/loop-bench-history.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: historyPath + suffix) }
        let history = try DialHistory(path: historyPath)

        let machine = DialerMachine(session: try DialerSession(index: index, settings: DialerSettings(resultLimit: book.limit)))
        machine.attach(device: 0, keymap: keymap, timing: KeyTiming())
        var logger = Logger(label: "loop-bench")
        logger.logLevel = .critical
        let driver = DialerDriver(machine: machine, logger: logger, recorder: HistoryRecorder(history: history))
        var display = TextDisplay(output: DiscardingOutput(), rows: rows)
        machine.showFirstScreen(on: &display)

        let clock = ContinuousClock()
        var keyStalls: [Duration] = []
        var dialKeyStalls: [Duration] = []
        var dialWrittenStalls: [Duration] = []
        var rerankStalls: [Duration] = []
        var writes: [Duration] = []
        var reranks: [Duration] = []
        var current = index
        var time: Microseconds = 1_000_000
        let loop = DialerLoop(driver: driver)
        for script in scripts {
            for event in KeyEvents.t9Sessions([script]).map({ $0.shifted(to: time) }) + Self.enterTap(at: time + 5_000_000) {
                // Timers due before this event, as the loop wakes for them.
                while let due = driver.nextDeadline, due < event.time {
                    let start = clock.now
                    _ = try loop.handle(EventLoop.Wakeup(time: due, ready: [], deadlinePassed: true), display: &display)
                    keyStalls.append(clock.now - start)
                }
                let isDial = event.code == KeyEvents.enter && event.value == KeyValue.press
                let start = clock.now
                driver.apply(machine.handle(event, from: 0), to: &display)
                if isDial { dialKeyStalls.append(clock.now - start) } else { keyStalls.append(clock.now - start) }
                guard isDial, let write = driver.historyDescriptor else { continue }

                // The write, on its thread: from the dial's end to the descriptor readable.
                let written = Self.waitReadable(write.rawValue)
                writes.append(written - start)
                let collect = clock.now
                _ = try loop.handle(EventLoop.Wakeup(time: event.time, ready: [EventLoop.Ready(.history)], deadlinePassed: false), display: &display)
                dialWrittenStalls.append(clock.now - collect)

                // The new ranking, on its thread as the live book runs it, then taken in on the loop.
                let base = current
                let rankStart = clock.now
                let ranked = onAnotherThread { [history] in
                    let scores = (try? history.affinity()) ?? [:]
                    let affinity = base.contacts.indices.map { scores[base.contacts.uid(of: $0)] ?? 0 }
                    return ProcessMemory.whileIndexing {
                        let ranked = base.reranked(affinity: affinity)
                        ranked.prepareTextSearch()
                        return ranked
                    }
                }
                reranks.append(clock.now - rankStart)
                let takeIn = clock.now
                display.apply(machine.session.replaceIndex(ranked))
                machine.warmUpKeys(on: display)
                rerankStalls.append(clock.now - takeIn)
                current = ranked
            }
            time += 40_000_000
        }

        print("\nThe loop's stall (release build, 14 rows): how long one step holds the loop's thread, keys waiting")
        print("meanwhile in the input thread's queue, none lost. \(scripts.count) typed queries, each dialled and recorded")
        print("in \(historyPath):")
        print(Report.header())
        print(Report.row("key event", keyStalls))
        print(Report.row("dial key", dialKeyStalls))
        print(Report.row("dial written", dialWrittenStalls))
        print(Report.row("new ranking in", rerankStalls))
        print("  (dial key: the dial started and its write handed to a thread; dial written: the write's end collected;")
        print("  new ranking in: the book ranked anew put in place, the query searched again, the keys warmed up)")
        print("Off the loop, on threads of their own:")
        print(Self.millisecondsRow("history write", writes))
        print(Self.millisecondsRow("ranking anew", reranks))
        let worstWithDial = [dialKeyStalls, dialWrittenStalls, rerankStalls].joined().max() ?? .zero
        print(
            String(
                format: "The loop's worst stall: %.0f µs for a key event; %.0f µs for a step of a recorded dial",
                Report.micro(keyStalls.max() ?? .zero), Report.micro(worstWithDial)))
    }

    /// A row of `Report`'s table in milliseconds, for work that takes that long.
    static func millisecondsRow(_ kind: String, _ durations: [Duration]) -> String {
        "  " + kind.padding(toLength: 16, withPad: " ", startingAt: 0)
            + String(
                format: " %7d %6.1f ms %6.1f ms %6.1f ms", durations.count, Report.percentile(durations, 0.5) / 1000,
                Report.percentile(durations, 0.99) / 1000, Report.micro(durations.max() ?? .zero) / 1000)
    }

    /// Enter tapped at `time`: the dial key of a USB numpad.
    static func enterTap(at time: Microseconds) -> [InputEvent] {
        [
            .key(KeyEvents.enter, KeyValue.press, at: time), .report(at: time),
            .key(KeyEvents.enter, KeyValue.release, at: time + 60_000), .report(at: time + 60_000),
        ]
    }

    /// Waits until `descriptor` is readable; the moment it is.
    static func waitReadable(_ descriptor: Int32) -> ContinuousClock.Instant {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, -1) != 1 {}
        return ContinuousClock.now
    }
}

extension InputEvent {
    /// The event moved to start from `time` (typing scripts start at 1 s).
    func shifted(to time: Microseconds) -> InputEvent {
        InputEvent(time: self.time - 1_000_000 + time, type: type, code: code, value: value)
    }

    static func report(at time: Microseconds) -> InputEvent {
        InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)
    }
}

extension KeyEvents {
    static let enter = code("KEY_KPENTER")
}
