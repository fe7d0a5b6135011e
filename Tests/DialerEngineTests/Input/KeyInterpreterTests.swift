// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Testing
import InputEvents

@Suite("Key interpreter")
struct KeyInterpreterTests {
    /// A recording, the shipped keymap to read it with, and every gesture it must give.
    struct RecordingCase: Sendable, CustomTestStringConvertible {
        var file: String
        var keymap: String
        var gestures: [String]
        var testDescription: String { file }
    }

    static let recordings: [RecordingCase] = [
        RecordingCase(
            file: "matrix-bounce.evemu", keymap: "phone-keypad",
            gestures: [
                "0.000001 pressed 2", "0.139001 tapped 2",
                "0.420001 pressed 5", "0.566001 tapped 5",
                "0.900001 pressed #", "1.020001 tapped #",
            ]),
        RecordingCase(
            file: "numpad-fast-multitap.evemu", keymap: "usb-numpad",
            gestures: [
                "0.000001 pressed 7", "0.038001 tapped 7", "0.080001 pressed 7", "0.121001 tapped 7",
                "0.160001 pressed 7", "0.196001 tapped 7", "0.240001 pressed 7", "0.280001 tapped 7",
                "0.320001 pressed 4", "0.359001 tapped 4", "0.400001 pressed 4", "0.437001 tapped 4",
            ]),
        RecordingCase(
            file: "matrix-hold-autorepeat.evemu", keymap: "phone-keypad",
            gestures: [
                "0.000001 pressed 0", "0.500001 held 0",
                "1.500001 pressed #", "2.000001 held #",
                "2.600001 pressed *", "2.690001 tapped *",
            ]),
        RecordingCase(
            file: "matrix-hold-no-autorepeat.evemu", keymap: "phone-keypad",
            gestures: [
                "0.000001 pressed 0", "0.500001 held 0",
                "1.200001 pressed 5", "1.290001 tapped 5",
                "2.000001 pressed #", "2.500001 held #",
            ]),
        RecordingCase(
            file: "numpad-star-clear.evemu", keymap: "usb-numpad",
            gestures: [
                "0.000001 pressed 5", "0.085001 tapped 5", "0.300001 pressed 6", "0.390001 tapped 6",
                "1.000001 pressed *", "1.500001 held *",
                "2.500001 pressed *", "3.000001 held *", "4.500001 held longer *",
            ]),
        RecordingCase(
            file: "numpad-numlock-wrap.evemu", keymap: "usb-numpad",
            gestures: [
                "0.008001 pressed 1", "0.096001 tapped 1",
                "0.408001 pressed 2", "0.488001 tapped 2",
                "0.816001 pressed 3", "0.904001 tapped 3",
            ]),
        RecordingCase(
            file: "numpad-numlock-off.evemu", keymap: "usb-numpad",
            gestures: [
                "0.000001 pressed 1", "0.090001 tapped 1", "0.250001 pressed 2", "0.340001 tapped 2",
                "0.500001 pressed 3", "0.590001 tapped 3", "0.750001 pressed 4", "0.840001 tapped 4",
                "1.000001 pressed 6", "1.090001 tapped 6", "1.250001 pressed 7", "1.340001 tapped 7",
                "1.500001 pressed 8", "1.590001 tapped 8", "1.750001 pressed 9", "1.840001 tapped 9",
                "2.000001 pressed 0", "2.090001 tapped 0", "2.250001 pressed #", "2.340001 tapped #",
            ]),
        RecordingCase(
            file: "matrix-scan-codes.evemu", keymap: "phone-keypad",
            gestures: [
                "0.000001 pressed 0", "0.095001 tapped 0", "0.200001 pressed 1", "0.295001 tapped 1",
                "0.400001 pressed 2", "0.495001 tapped 2", "0.600001 pressed 1", "0.695001 tapped 1",
                "1.000001 pressed #", "1.110001 tapped #",
            ]),
        RecordingCase(
            file: "matrix-short-tap.evemu", keymap: "phone-keypad",
            gestures: [
                "0.000001 pressed 3", "0.008001 tapped 3", "0.300001 pressed 9", "0.306001 tapped 9",
            ]),
    ]

    static func interpreter(_ keymap: String, timing: KeyTiming = KeyTiming()) throws -> KeyInterpreter {
        KeyInterpreter(keymap: try InputFixtures.keymap(keymap), timing: timing)
    }

    // MARK: Recordings

    @Test("Each recording gives exactly its gestures", arguments: recordings)
    func recording(_ recordingCase: RecordingCase) throws {
        let recording = try InputFixtures.recording(recordingCase.file)
        var interpreter = try Self.interpreter(recordingCase.keymap)
        #expect(interpreter.keymap.missingDigits(onDeviceWithKeys: recording.keyCodes) == [])
        #expect(InputFixtures.lines(interpreter.replay(recording.events)) == recordingCase.gestures)
        #expect(interpreter.nextDeadline == nil)
    }

    @Test("An event loop woken at each deadline gets the same gestures as a replay", arguments: recordings)
    func eventLoop(_ recordingCase: RecordingCase) throws {
        let events = try InputFixtures.recording(recordingCase.file).events
        var interpreter = try Self.interpreter(recordingCase.keymap)
        var gestures: [TimedGesture] = []
        var wakeUps = 0
        for event in events {
            while let deadline = interpreter.nextDeadline, deadline < event.time, wakeUps < 10_000 {
                gestures += interpreter.advance(to: deadline)
                wakeUps += 1
            }
            gestures += interpreter.handle(event)
        }
        while let deadline = interpreter.nextDeadline, wakeUps < 10_000 {
            gestures += interpreter.advance(to: deadline)
            wakeUps += 1
        }
        #expect(wakeUps < 10_000, "every wake-up must make progress")
        #expect(InputFixtures.lines(gestures) == recordingCase.gestures)
    }

    @Test("A press gives its gesture from the call that hands it over, never later", arguments: recordings)
    func pressesAreNotDelayed(_ recordingCase: RecordingCase) throws {
        let events = try InputFixtures.recording(recordingCase.file).events
        var interpreter = try Self.interpreter(recordingCase.keymap)
        var pressedCount = 0
        for event in events {
            for gesture in interpreter.handle(event) {
                guard case .pressed = gesture.gesture else { continue }
                #expect(gesture.time == event.time)
                pressedCount += 1
            }
        }
        #expect(pressedCount == recordingCase.gestures.count { $0.contains(" pressed ") })
    }

    @Test("The demo session of Config/samples types what it says")
    func demoSession() throws {
        let path = InputFixtures.configDirectory + "/samples/demo-session.evemu"
        let recording = try EvemuRecording.parse(text: String(contentsOfFile: path, encoding: .utf8), file: path)
        var interpreter = try Self.interpreter("usb-numpad")
        let pressed = interpreter.replay(recording.events).compactMap { gesture -> String? in
            guard case .pressed(let role) = gesture.gesture else { return nil }
            return role.description
        }
        #expect(pressed == ["5", "7", "6", "4", "dial", "mode", "4", "5", "5", "5", "6", "6", "6", "dial"])
    }

    // MARK: Chatter and timers together

    @Test("A genuine 8 ms tap releases once the chatter window has passed, with its own time")
    func shortTap() throws {
        let events = try InputFixtures.recording("matrix-short-tap.evemu").events
        var interpreter = try Self.interpreter("phone-keypad")
        let press = try #require(events.firstIndex { $0.type == EventType.key && $0.value == KeyValue.press })
        let release = try #require(events.firstIndex { $0.type == EventType.key && $0.value == KeyValue.release })
        var gestures: [TimedGesture] = []
        for event in events[...press] { gestures += interpreter.handle(event) }
        #expect(InputFixtures.lines(gestures) == ["0.000001 pressed 3"])
        #expect(interpreter.handle(events[release]) == [])
        #expect(interpreter.nextDeadline == 23_001)
        #expect(interpreter.advance(to: 23_000) == [])
        #expect(InputFixtures.lines(interpreter.advance(to: 23_001)) == ["0.008001 tapped 3"])
    }

    @Test("A hold timer waits while the key's release may still be chatter")
    func holdDuringHeldBackRelease() {
        let five = NumpadKey.five
        // Released 5 ms before the long press, then bouncing back down: still held.
        var bouncing = KeyInterpreter(keymap: InputFixtures.numpad)
        _ = bouncing.handle(.key(five, KeyValue.press, at: 0))
        #expect(bouncing.handle(.key(five, KeyValue.release, at: 495_000)) == [])
        #expect(bouncing.nextDeadline == 510_000)
        #expect(bouncing.advance(to: 505_000) == [])
        #expect(InputFixtures.lines(bouncing.handle(.key(five, KeyValue.press, at: 505_000))) == ["0.500000 held 5"])
        #expect(InputFixtures.lines(bouncing.replay([.key(five, KeyValue.release, at: 700_000)])) == [])

        // Released 5 ms before the long press for good: a tap, and never held.
        var released = KeyInterpreter(keymap: InputFixtures.numpad)
        _ = released.handle(.key(five, KeyValue.press, at: 0))
        _ = released.handle(.key(five, KeyValue.release, at: 495_000))
        #expect(InputFixtures.lines(released.advance(to: .max)) == ["0.495000 tapped 5"])
    }

    @Test("A tap waiting out the window comes after another key pressed within it")
    func tapAfterOtherPress() {
        var interpreter = KeyInterpreter(keymap: InputFixtures.numpad)
        _ = interpreter.handle(.key(NumpadKey.star, KeyValue.press, at: 0))
        _ = interpreter.handle(.key(NumpadKey.star, KeyValue.release, at: 100_000))
        #expect(InputFixtures.lines(interpreter.handle(.key(NumpadKey.two, KeyValue.press, at: 105_000))) == ["0.105000 pressed 2"])
        #expect(InputFixtures.lines(interpreter.advance(to: 115_000)) == ["0.100000 tapped *"])
    }

    @Test("NumLock and keys the keymap lacks set no timers")
    func ignoredKeysSetNoTimers() {
        var interpreter = KeyInterpreter(keymap: InputFixtures.numpad)
        for event: InputEvent in [
            .key(NumpadKey.numLock, KeyValue.press, at: 0), .key(NumpadKey.numLock, KeyValue.release, at: 5_000),
            .key(NumpadKey.unmapped, KeyValue.press, at: 10_000), .key(NumpadKey.unmapped, KeyValue.release, at: 20_000),
        ] {
            #expect(interpreter.handle(event) == [])
            #expect(interpreter.nextDeadline == nil)
        }
    }

    @Test("A slower debounce still counts fast multi-tap")
    func slowerDebounce() throws {
        let events = try InputFixtures.recording("numpad-fast-multitap.evemu").events
        var interpreter = try Self.interpreter(
            "usb-numpad", timing: KeyTiming(debounceMilliseconds: 30, longPressMilliseconds: 500, clearHoldMilliseconds: 2000))
        #expect(interpreter.replay(events).count { $0.gesture == .pressed(.digit(7)) } == 4)
        #expect(KeyTiming(debounceMilliseconds: 15, longPressMilliseconds: 500, clearHoldMilliseconds: 2000) == KeyTiming())
    }

    // MARK: Unplugging

    @Test("Unplugged with a key held: no tap, no hold, and the next device starts clean")
    func unplugWhileHeld() throws {
        let events = try InputFixtures.recording("numpad-unplug.evemu").events
        var interpreter = try Self.interpreter("usb-numpad")
        var gestures: [TimedGesture] = []
        for event in events { gestures += interpreter.handle(event) }
        #expect(InputFixtures.lines(gestures) == ["0.000001 pressed 4", "0.090001 tapped 4", "0.400001 pressed 6"])
        #expect(interpreter.nextDeadline == 900_001)
        #expect(interpreter.releaseAll(at: 700_001) == [])
        #expect(interpreter.nextDeadline == nil)
        #expect(interpreter.advance(to: .max) == [])
        // The keypad is plugged back in: its first 6 is a press like any other.
        let again = interpreter.replay([.key(77, KeyValue.press, at: 5_000_000), .key(77, KeyValue.release, at: 5_080_000)])
        #expect(InputFixtures.lines(again) == ["5.000000 pressed 6", "5.080000 tapped 6"])
    }

    @Test("Unplugging gives the hold timers due before it, and drops a release still in the window")
    func unplugTimers() {
        var interpreter = KeyInterpreter(keymap: InputFixtures.numpad)
        _ = interpreter.handle(.key(NumpadKey.five, KeyValue.press, at: 0))
        _ = interpreter.handle(.key(NumpadKey.two, KeyValue.press, at: 200_000))
        _ = interpreter.handle(.key(NumpadKey.two, KeyValue.release, at: 495_000))
        #expect(InputFixtures.lines(interpreter.releaseAll(at: 505_000)) == ["0.500000 held 5"])
        #expect(interpreter.advance(to: .max) == [])
    }
}
