// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
import FuzzSupport

/// The most a recorded time may be either way, in microseconds (EvemuParser.maxSeconds).
private let maxTime: Int64 = 4_000_000_000 * 1_000_000

/// The shipped keymaps of a USB numpad and of a phone keypad, to replay the recordings with,
/// from Config/keymaps of this repository.
private let keymaps: [Keymap] = ["usb-numpad", "phone-keypad"].map { name in
    let repository = #filePath.components(separatedBy: "/Fuzz/Sources/")[0]
    do {
        return try KeymapFile.load(path: repository + "/Config/keymaps/\(name).toml")
    } catch {
        fatalError("the shipped keymaps must load: \(error)")
    }
}

/// `EvemuRecording.parse`: events in order and within the time limit, replayed through the
/// key interpreter, written back the same; or an error at a line of the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let recording: EvemuRecording
    do throws(EvemuRecordingError) {
        recording = try EvemuRecording.parse(text: input.text, file: "fuzz.evemu")
    } catch {
        fuzzExpectPlace(file: error.file, line: error.line, of: input, named: "fuzz.evemu", error)
        return 0
    }
    fuzzExpect(recording.events.count <= input.lineCount, "\(recording.events.count) events from \(input.lineCount) lines")
    var previous = Int64.min
    for event in recording.events {
        fuzzExpect((-maxTime...maxTime).contains(event.time), "event time \(event.time) µs")
        fuzzExpect(event.time >= previous, "event at \(event.time) µs after one at \(previous) µs")
        previous = event.time
    }
    _ = recording.keyCodes
    // Replayed to the end of every timer: the gestures of a key are a few per press.
    for keymap in keymaps {
        var interpreter = KeyInterpreter(keymap: keymap)
        let gestures = interpreter.replay(recording.events)
        fuzzExpect(gestures.count <= 4 * recording.events.count, "\(gestures.count) gestures from \(recording.events.count) events")
    }
    // What t9dial writes back must read the same.
    fuzzExpect((try? EvemuRecording.parse(text: recording.text, file: "again.evemu")) == recording, "text does not read back the same")
    return 0
}
