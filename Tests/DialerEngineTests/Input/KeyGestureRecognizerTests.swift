// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Testing
import InputEvents

@Suite("Key gesture recognizer")
struct KeyGestureRecognizerTests {
    /// The gestures of `events`, then of time run on until every timer has fired.
    static func gestures(
        _ events: [InputEvent], longPress: Microseconds = 500_000, clearHold: Microseconds = 2_000_000
    ) -> [String] {
        var recognizer = KeyGestureRecognizer(keymap: InputFixtures.numpad, longPress: longPress, clearHold: clearHold)
        var gestures: [TimedGesture] = []
        for event in events { gestures += recognizer.handle(event) }
        gestures += recognizer.advance(to: .max)
        return InputFixtures.lines(gestures)
    }

    static func press(_ code: UInt16, _ time: Microseconds) -> InputEvent { .key(code, KeyValue.press, at: time) }
    static func release(_ code: UInt16, _ time: Microseconds) -> InputEvent { .key(code, KeyValue.release, at: time) }
    static func repeats(_ code: UInt16, from start: Microseconds, until end: Microseconds) -> [InputEvent] {
        stride(from: start, to: end, by: 33_000).map { .key(code, KeyValue.autorepeat, at: $0) }
    }

    static let five = NumpadKey.five

    @Test(
        "Taps, holds and long holds are timed from the press",
        arguments: [
            ("a tap", [press(five, 0), release(five, 100_000)], ["0.000000 pressed 5", "0.100000 tapped 5"]),
            (
                "released a microsecond before the long press", [press(five, 0), release(five, 499_999)],
                ["0.000000 pressed 5", "0.499999 tapped 5"]
            ),
            (
                "released just at the long press", [press(five, 0), release(five, 500_000)],
                ["0.000000 pressed 5", "0.500000 held 5"]
            ),
            ("held 700 ms", [press(five, 0), release(five, 700_000)], ["0.000000 pressed 5", "0.500000 held 5"]),
            (
                "held 2.5 s", [press(five, 1_000), release(five, 2_501_000)],
                ["0.001000 pressed 5", "0.501000 held 5", "2.001000 held longer 5"]
            ),
            (
                "held 700 ms with autorepeat",
                [press(five, 0)] + repeats(five, from: 250_000, until: 700_000) + [release(five, 700_000)],
                ["0.000000 pressed 5", "0.500000 held 5"]
            ),
            (
                "tapped with autorepeat (a repeat delay shorter than the long press)",
                [press(five, 0)] + repeats(five, from: 250_000, until: 400_000) + [release(five, 400_000)],
                ["0.000000 pressed 5", "0.400000 tapped 5"]
            ),
        ] as [(String, [InputEvent], [String])]
    )
    func timing(name: String, events: [InputEvent], expected: [String]) {
        #expect(Self.gestures(events) == expected, "\(name)")
    }

    @Test("Each role gets the same gestures; the dialer decides what they do")
    func roles() {
        let events = [
            Self.press(NumpadKey.star, 0), Self.release(NumpadKey.star, 2_100_000),
            Self.press(NumpadKey.pound, 3_000_000), Self.release(NumpadKey.pound, 3_090_000),
            Self.press(NumpadKey.enter, 4_000_000), Self.release(NumpadKey.enter, 4_050_000),
            Self.press(NumpadKey.zero, 5_000_000), Self.release(NumpadKey.zero, 5_600_000),
        ]
        #expect(
            Self.gestures(events) == [
                "0.000000 pressed *", "0.500000 held *", "2.000000 held longer *",
                "3.000000 pressed #", "3.090000 tapped #",
                "4.000000 pressed dial", "4.050000 tapped dial",
                "5.000000 pressed 0", "5.500000 held 0",
            ])
    }

    @Test(
        "Events that are not keys of the keymap do nothing",
        arguments: [
            InputEvent(time: 0, type: EventType.miscellaneous, code: MiscellaneousCode.scan, value: 458845),
            InputEvent(time: 0, type: EventType.synchronization, code: SynchronizationCode.report, value: 0),
            InputEvent(time: 0, type: EventType.synchronization, code: SynchronizationCode.dropped, value: 0),
            .key(NumpadKey.numLock, KeyValue.press, at: 0),
            .key(NumpadKey.unmapped, KeyValue.press, at: 0),
            .key(NumpadKey.five, 7, at: 0),
            .key(NumpadKey.five, KeyValue.release, at: 0),
            .key(NumpadKey.five, KeyValue.autorepeat, at: 0),
        ]
    )
    func ignored(event: InputEvent) {
        var recognizer = KeyGestureRecognizer(keymap: InputFixtures.numpad)
        #expect(recognizer.handle(event) == [])
        #expect(recognizer.nextDeadline == nil)
        #expect(recognizer.downKeyCodes.isEmpty)
    }

    @Test("NumLock wrapped around a key leaves just the key")
    func numLockWrapping() {
        let numLock = NumpadKey.numLock
        let events = [
            Self.press(numLock, 0), Self.press(NumpadKey.one, 8_000), Self.release(NumpadKey.one, 96_000), Self.release(numLock, 104_000),
            Self.press(numLock, 400_000), Self.release(numLock, 408_000), Self.press(NumpadKey.two, 416_000),
            Self.release(NumpadKey.two, 504_000), Self.press(numLock, 512_000), Self.release(numLock, 520_000),
        ]
        #expect(Self.gestures(events) == ["0.008000 pressed 1", "0.096000 tapped 1", "0.416000 pressed 2", "0.504000 tapped 2"])
    }

    @Test("Keys held together are timed apart, and timers due fire before a later event")
    func overlappingKeys() {
        var recognizer = KeyGestureRecognizer(keymap: InputFixtures.numpad)
        #expect(InputFixtures.lines(recognizer.handle(Self.press(Self.five, 0))) == ["0.000000 pressed 5"])
        #expect(InputFixtures.lines(recognizer.handle(Self.press(NumpadKey.two, 100_000))) == ["0.100000 pressed 2"])
        #expect(recognizer.nextDeadline == 500_000)
        #expect(
            InputFixtures.lines(recognizer.handle(Self.press(NumpadKey.one, 650_000))) == [
                "0.500000 held 5", "0.600000 held 2", "0.650000 pressed 1",
            ])
        #expect(InputFixtures.lines(recognizer.handle(Self.release(NumpadKey.one, 700_000))) == ["0.700000 tapped 1"])
        #expect(recognizer.downKeyCodes == [Self.five, NumpadKey.two])
    }

    @Test("Keys pressed at the same moment fire their timers in code order")
    func simultaneousTimers() {
        let events = [Self.press(Self.five, 0), Self.press(NumpadKey.two, 0), Self.release(Self.five, 600_000), Self.release(NumpadKey.two, 600_000)]
        #expect(Self.gestures(events) == ["0.000000 pressed 5", "0.000000 pressed 2", "0.500000 held 5", "0.500000 held 2"])
    }

    @Test("nextDeadline walks through the long press and the clear hold")
    func deadlines() {
        var recognizer = KeyGestureRecognizer(keymap: InputFixtures.numpad)
        _ = recognizer.handle(Self.press(NumpadKey.star, 10))
        #expect(recognizer.nextDeadline == 500_010)
        #expect(recognizer.advance(to: 500_009) == [])
        #expect(recognizer.advance(to: 500_010) == [TimedGesture(time: 500_010, gesture: .held(.star))])
        #expect(recognizer.nextDeadline == 2_000_010)
        #expect(recognizer.advance(to: 3_000_000) == [TimedGesture(time: 2_000_010, gesture: .heldLonger(.star))])
        #expect(recognizer.nextDeadline == nil)
        #expect(recognizer.handle(Self.release(NumpadKey.star, 3_000_000)) == [])
    }

    @Test("Timings can be set; a clear hold not after the long press fires with it, held first")
    func customTimings() {
        let events = [Self.press(Self.five, 0), Self.release(Self.five, 1_200_000)]
        #expect(
            Self.gestures(events, longPress: 300_000, clearHold: 1_000_000) == [
                "0.000000 pressed 5", "0.300000 held 5", "1.000000 held longer 5",
            ])
        #expect(
            Self.gestures(events, longPress: 300_000, clearHold: 200_000) == [
                "0.000000 pressed 5", "0.300000 held 5", "0.300000 held longer 5",
            ])
    }

    @Test("A negative long press is taken as 0")
    func negativeLongPress() {
        let recognizer = KeyGestureRecognizer(keymap: InputFixtures.numpad, longPress: -5, clearHold: -10)
        #expect(recognizer.longPress == 0)
        #expect(recognizer.clearHold == 0)
    }

    @Test("Releasing all keys taps none, after the timers due by then")
    func releaseAll() {
        var recognizer = KeyGestureRecognizer(keymap: InputFixtures.numpad)
        _ = recognizer.handle(Self.press(Self.five, 0))
        _ = recognizer.handle(Self.press(NumpadKey.two, 300_000))
        #expect(InputFixtures.lines(recognizer.releaseAll(at: 600_000)) == ["0.500000 held 5"])
        #expect(recognizer.nextDeadline == nil)
        #expect(recognizer.downKeyCodes.isEmpty)
        #expect(recognizer.handle(Self.release(NumpadKey.two, 650_000)) == [])
        #expect(recognizer.advance(to: .max) == [])
    }

    @Test("Times near the end of the clock do not trap")
    func extremeTimes() {
        #expect(Self.gestures([Self.press(Self.five, .max - 10)]).count == 3)
    }
}
