// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
import Testing

@Suite("Fuzzing evemu recordings")
struct EvemuFuzzTests {
    static let runner = FuzzRunner(
        target: "evemu",
        dictionary: [
            "E: 0.000000 0001 0002 1\n", "E: 0.000000 0000 0000 0000\n", "E: 9223372036854.000000 0001 0002 1\n",
            "E: -9223372036854.000000 0001 0002 1\n", "E: 4000000000.999999 0001 0002 0\n", "N: keypad\n",
            "I: 0003 046d c52b 0111\n", "P: 00 00 00 00 00 00 00 00\n", "B: 01 ff ff ff ff ff ff ff ff\n", "A: 00 0 255 0 0 0\n",
            "L: 00 1\n", "S: 00 0\n", "# EVEMU 1.3\n", "\r\n", " ", "ffff", "4294967295", "-2147483649", ".", "0x", "E: ",
            "E: 0.100000 0001 0200 1\n", "E: 0.200000 0001 0200 0\n", "E: 0.100000 0001 004f 1\n", "E: 0.900000 0001 004f 0\n",
            "E: 0.100000 0001 0060 1\n", "E: 0.100000 0001 0045 1\n",
        ],
        mutations: 1200
    )

    /// The most a recorded time may be either way, in microseconds (EvemuParser.maxSeconds).
    static let maxTime: Int64 = 4_000_000_000 * 1_000_000

    /// The shipped keymaps of a USB numpad and of a phone keypad, to replay the recordings with.
    static let keymaps: [Keymap] = ["usb-numpad", "phone-keypad"].map { name in
        do {
            return try KeymapFile.load(path: FuzzRunner.repository + "/Config/keymaps/\(name).toml")
        } catch {
            fatalError("the shipped keymaps must load: \(error)")
        }
    }

    @Test func evemu() {
        Self.runner.run { check, input in
            let recording: EvemuRecording
            do throws(EvemuRecordingError) {
                recording = try EvemuRecording.parse(text: input.text, file: "fuzz.evemu")
            } catch {
                check.expect(error.file == "fuzz.evemu", "error names \(error.file)")
                check.expect((1...input.lineCount).contains(error.line), "error at line \(error.line) of \(input.lineCount): \(error)")
                return
            }
            check.expect(recording.events.count <= input.lineCount, "\(recording.events.count) events from \(input.lineCount) lines")
            var previous = Int64.min
            for event in recording.events {
                check.expect((-Self.maxTime...Self.maxTime).contains(event.time), "event time \(event.time) µs")
                check.expect(event.time >= previous, "event at \(event.time) µs after one at \(previous) µs")
                previous = event.time
            }
            _ = recording.keyCodes
            // Replayed to the end of every timer: the gestures of a key are a few per press.
            for keymap in Self.keymaps {
                var interpreter = KeyInterpreter(keymap: keymap)
                let gestures = interpreter.replay(recording.events)
                check.expect(gestures.count <= 4 * recording.events.count, "\(gestures.count) gestures from \(recording.events.count) events")
            }
            // What t9dial writes back must read the same.
            check.expect((try? EvemuRecording.parse(text: recording.text, file: "again.evemu")) == recording, "text does not read back the same")
        }
    }
}
