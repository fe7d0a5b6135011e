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
        ],
        mutations: 1200
    )

    /// The most a recorded time may be either way, in microseconds (EvemuParser.maxSeconds).
    static let maxTime: Int64 = 4_000_000_000 * 1_000_000

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
            // What t9dial writes back must read the same.
            check.expect((try? EvemuRecording.parse(text: recording.text, file: "again.evemu")) == recording, "text does not read back the same")
        }
    }
}
