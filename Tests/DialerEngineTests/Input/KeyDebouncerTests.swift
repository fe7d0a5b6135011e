// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Testing
import InputEvents

@Suite("Key debouncer")
struct KeyDebouncerTests {
    static let key = NumpadKey.five
    static let otherKey = NumpadKey.two

    /// `"P 0"`, `"R 131"`, `"A 250"`: a press, release or autorepeat of `key` at a time in
    /// milliseconds (fractions allowed).
    static func events(_ script: String) -> [InputEvent] {
        script.split(separator: ",").map { item in
            let parts = item.split(separator: " ")
            let value: Int32 =
                switch parts[0] {
                case "P": KeyValue.press
                case "R": KeyValue.release
                default: KeyValue.autorepeat
                }
            let time = Microseconds((Double(parts[1]) ?? 0) * 1000)
            return .key(key, value, at: time)
        }
    }

    /// Every event the debouncer lets through, after time has run on past every window.
    static func debounce(_ events: [InputEvent], window: Microseconds = 15_000) -> [InputEvent] {
        var debouncer = KeyDebouncer(window: window)
        var passed: [InputEvent] = []
        for event in events { passed += debouncer.handle(event) }
        passed += debouncer.advance(to: .max)
        return passed
    }

    @Test(
        "Chatter is dropped; real presses and releases come through with their own times",
        arguments: [
            ("a clean tap", "P 0,R 100", "P 0,R 100"),
            ("a press bouncing 3, 2, 4 and 2 ms", "P 0,R 3,P 5,R 9,P 11,R 131", "P 0,R 131"),
            ("a release bouncing 6 and 2 ms", "P 0,R 131,P 137,R 139", "P 0,R 139"),
            ("a bounce of 8 ms each way", "P 0,R 8,P 16,R 100,P 108,R 110", "P 0,R 110"),
            ("a genuine 8 ms tap", "P 0,R 8", "P 0,R 8"),
            (
                "fast tapping, a press every 80 ms", "P 0,R 40,P 80,R 120,P 160,R 200,P 240,R 275",
                "P 0,R 40,P 80,R 120,P 160,R 200,P 240,R 275"
            ),
            ("a press the whole window after a release", "P 0,R 100,P 115,R 200", "P 0,R 100,P 115,R 200"),
            ("a press a microsecond inside the window", "P 0,R 100,P 114.999,R 200", "P 0,R 200"),
            ("a second press of a key that is down", "P 0,P 50,R 100", "P 0,R 100"),
            ("a release of a key that is up", "R 0,P 50,R 100", "P 50,R 100"),
            ("autorepeat of a key that is down", "P 0,A 250,A 283,R 300", "P 0,A 250,A 283,R 300"),
            ("autorepeat after a held-back release", "P 0,R 100,A 105", "P 0,R 100"),
            ("autorepeat of a key that is up", "A 5", ""),
        ]
    )
    func chatter(name: String, input: String, expected: String) {
        let expectedEvents = expected.isEmpty ? [] : Self.events(expected)
        #expect(Self.debounce(Self.events(input)) == expectedEvents, "\(name)")
    }

    @Test("A press is passed on by the call that hands it over, never later; chatter never")
    func pressesAreNotDelayed() {
        var debouncer = KeyDebouncer(window: 15_000)
        let steps: [(event: InputEvent, passed: [InputEvent])] = [
            (.key(Self.key, KeyValue.press, at: 0), [.key(Self.key, KeyValue.press, at: 0)]),
            (.key(Self.key, KeyValue.release, at: 3_000), []),
            (.key(Self.key, KeyValue.press, at: 5_000), []),
            (.key(Self.key, KeyValue.release, at: 131_000), []),
            (.key(Self.key, KeyValue.press, at: 137_000), []),
            (.key(Self.key, KeyValue.release, at: 139_000), []),
            (
                .key(Self.key, KeyValue.press, at: 200_000),
                [.key(Self.key, KeyValue.release, at: 139_000), .key(Self.key, KeyValue.press, at: 200_000)]
            ),
        ]
        for step in steps {
            #expect(debouncer.handle(step.event) == step.passed, "at \(step.event.time) µs")
        }
    }

    @Test("A release waits out the window, then comes with its own time")
    func releaseWaits() {
        var debouncer = KeyDebouncer(window: 15_000)
        _ = debouncer.handle(.key(Self.key, KeyValue.press, at: 0))
        #expect(debouncer.handle(.key(Self.key, KeyValue.release, at: 8_000)) == [])
        #expect(debouncer.heldBackReleases == [Self.key: 8_000])
        #expect(debouncer.downKeys == [Self.key])
        #expect(debouncer.nextDeadline == 23_000)
        #expect(debouncer.advance(to: 22_999) == [])
        #expect(debouncer.advance(to: 23_000) == [.key(Self.key, KeyValue.release, at: 8_000)])
        #expect(debouncer.nextDeadline == nil)
        #expect(debouncer.downKeys.isEmpty)
    }

    @Test("Handing over a later event first lets through the releases due by its time, earliest first")
    func dueReleasesComeFirst() {
        var debouncer = KeyDebouncer(window: 15_000)
        _ = debouncer.handle(.key(Self.key, KeyValue.press, at: 0))
        _ = debouncer.handle(.key(Self.otherKey, KeyValue.press, at: 1_000))
        _ = debouncer.handle(.key(Self.otherKey, KeyValue.release, at: 40_000))
        _ = debouncer.handle(.key(Self.key, KeyValue.release, at: 50_000))
        let passed = debouncer.handle(.key(NumpadKey.one, KeyValue.press, at: 70_000))
        #expect(
            passed == [
                .key(Self.otherKey, KeyValue.release, at: 40_000),
                .key(Self.key, KeyValue.release, at: 50_000),
                .key(NumpadKey.one, KeyValue.press, at: 70_000),
            ])
    }

    @Test("Keys are debounced apart: another key's press does not end a window")
    func keysAreIndependent() {
        var debouncer = KeyDebouncer(window: 15_000)
        var passed: [InputEvent] = []
        for event: InputEvent in [
            .key(Self.key, KeyValue.press, at: 0), .key(Self.key, KeyValue.release, at: 50_000),
            .key(Self.otherKey, KeyValue.press, at: 55_000), .key(Self.key, KeyValue.press, at: 58_000),
            .key(Self.otherKey, KeyValue.release, at: 90_000),
        ] {
            passed += debouncer.handle(event)
        }
        passed += debouncer.advance(to: .max)
        #expect(
            passed == [
                .key(Self.key, KeyValue.press, at: 0),
                .key(Self.otherKey, KeyValue.press, at: 55_000),
                .key(Self.otherKey, KeyValue.release, at: 90_000),
            ])
        #expect(debouncer.downKeys == [Self.key])
    }

    @Test("Events other than keys pass straight through")
    func otherEvents() {
        var debouncer = KeyDebouncer()
        let scan = InputEvent(time: 5, type: EventType.miscellaneous, code: MiscellaneousCode.scan, value: 458845)
        let report = InputEvent(time: 5, type: EventType.synchronization, code: SynchronizationCode.report, value: 0)
        #expect(debouncer.handle(scan) == [scan])
        #expect(debouncer.handle(report) == [report])
    }

    @Test("With no window every event passes at once")
    func noWindow() {
        #expect(Self.debounce(Self.events("P 0,R 3,P 5,R 9"), window: 0) == Self.events("P 0,R 3,P 5,R 9"))
        var debouncer = KeyDebouncer(window: 0)
        _ = debouncer.handle(.key(Self.key, KeyValue.press, at: 0))
        #expect(debouncer.handle(.key(Self.key, KeyValue.release, at: 3_000)) == [.key(Self.key, KeyValue.release, at: 3_000)])
    }

    @Test("Releasing all keys forgets them without passing anything on")
    func releaseAll() {
        var debouncer = KeyDebouncer()
        _ = debouncer.handle(.key(Self.key, KeyValue.press, at: 0))
        _ = debouncer.handle(.key(Self.key, KeyValue.release, at: 100_000))
        _ = debouncer.handle(.key(Self.otherKey, KeyValue.press, at: 105_000))
        debouncer.releaseAll()
        #expect(debouncer.nextDeadline == nil)
        #expect(debouncer.downKeys.isEmpty)
        #expect(debouncer.advance(to: .max) == [])
        // After a new device appears, its keys start up.
        #expect(debouncer.handle(.key(Self.otherKey, KeyValue.press, at: 110_000)) == [.key(Self.otherKey, KeyValue.press, at: 110_000)])
    }

    @Test("Times near the end of the clock do not trap")
    func extremeTimes() {
        var debouncer = KeyDebouncer()
        _ = debouncer.handle(.key(Self.key, KeyValue.press, at: .max - 1))
        _ = debouncer.handle(.key(Self.key, KeyValue.release, at: .max))
        #expect(debouncer.nextDeadline == .max)
        #expect(debouncer.advance(to: .max) == [.key(Self.key, KeyValue.release, at: .max)])
    }
}
