// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
import DialerKit
import InputEvents
import Logging
import SeededRandom
import T9Search

/// Whether key tones slow the loop: the same T9 sessions through the driver, as `t9dial run`
/// has it, with no sound, then with the real `SoundPlayer` playing each key's DTMF pair on
/// ALSA's `null` device. On the loop a key tone is one cue posted to the player's thread, so
/// the two must not differ beyond the machine's noise. Part of the keypad benchmark.
struct KeyToneStalls {
    var book: BookOptions
    var rows: Int
    /// How many typed queries.
    var sessions: Int

    func measure(index: SearchIndex) throws {
        let keymap = try KeymapCatalog.load(dataDirectory: book.dataDir).keymap(id: "usb-numpad")
        var random = SplitMix(seed: 31)
        let events = KeyEvents.t9Sessions(TypingScript.make(count: sessions, contacts: index.contacts, alphabet: index.alphabet, random: &random))
        var results: [(label: String, stalls: [Duration])] = []
        // A first pass warms the book and the allocator, so neither measured pass pays for it.
        let passes: [(label: String, sound: SoundSettings?)] = [
            ("warm-up", nil), ("key tones off", nil), ("key tones dtmf", SoundSettings(alsaDevice: "null", keyTones: .dtmf)),
        ]
        for (label, sound) in passes {
            let machine = DialerMachine(session: try DialerSession(index: index, settings: DialerSettings(resultLimit: book.limit)))
            machine.attach(device: 0, keymap: keymap, timing: KeyTiming())
            var logger = Logger(label: "key-tone-bench")
            logger.logLevel = .critical
            let driver = DialerDriver(machine: machine, logger: logger)
            if let sound { driver.startSound(sound) }
            defer { driver.stopSound() }
            var display = TextDisplay(output: DiscardingOutput(), rows: rows)
            machine.showFirstScreen(on: &display)
            let clock = ContinuousClock()
            var stalls: [Duration] = []
            for event in events {
                while let due = machine.nextDeadline, due < event.time { driver.apply(machine.advance(to: due), to: &display) }
                let start = clock.now
                driver.apply(machine.handle(event, from: 0), to: &display)
                if event.type == EventType.key, event.value == KeyValue.press { stalls.append(clock.now - start) }
            }
            if label != "warm-up" { results.append((label, stalls)) }
        }
        print("\nKey tones on the loop (release build, \(rows) rows): each key press through the driver, from the")
        print("event to its rendered screen, without sound and with DTMF key tones on ALSA's null device:")
        print(Report.header())
        for result in results { print(Report.row(result.label, result.stalls)) }
        let off = Report.percentile(results[0].stalls, 0.5)
        let on = Report.percentile(results[1].stalls, 0.5)
        print(String(format: "Key tones cost the loop %.1f µs a key at p50 (%.0f%%)", on - off, off > 0 ? (on - off) / off * 100 : 0))
    }
}
