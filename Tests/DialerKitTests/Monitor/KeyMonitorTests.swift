// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
@testable import Diagnostics
@testable import DialerKit
import Evdev
import InputEvents
import Phonebook
import TestFixtures
import Testing

/// `t9dial monitor`'s pipeline: raw key events through the dialer's own interpreter, each shown
/// with what the keymap, the debouncer and the gestures made of it.
@Suite("Key monitor")
struct KeyMonitorTests {
    static func code(_ name: String) -> UInt16 { EventCodes.keyCode(named: name)! }

    /// A key event at `ms` milliseconds.
    static func key(_ name: String, _ value: Int32, at ms: Int64) -> InputEvent {
        InputEvent.key(code(name), value, at: 1_000_000 + ms * 1_000)
    }

    /// What a test reads of a line: when (ms), which key, what event, and the columns after.
    struct Shown: Equatable, CustomStringConvertible {
        var ms: Int64
        var key: String
        var event: String
        var meaning: String
        var debounce: String
        var gesture: String

        init(_ ms: Int64, _ key: String, _ event: String, _ meaning: String, _ debounce: String, _ gesture: String = "-") {
            (self.ms, self.key, self.event, self.meaning, self.debounce, self.gesture) = (ms, key, event, meaning, debounce, gesture)
        }

        init(_ line: MonitorLine) {
            self.init(
                (line.time - 1_000_000) / 1_000, line.key, line.event.rawValue, line.meaning.description, line.debounce?.rawValue ?? "-",
                line.gestures.isEmpty ? "-" : line.gestures.joined(separator: "; "))
        }

        var description: String { "\(ms) \(key) \(event) | \(meaning) | \(debounce) | \(gesture)" }
    }

    struct Case: CustomTestStringConvertible {
        var name: String
        var mode: KeypadSettings.EntryMode = .t9
        var events: [InputEvent]
        var lines: [Shown]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a chattering tap is one press and one tap, its four bounces dropped as chatter",
            events: [
                key("KEY_KP5", 1, at: 0), key("KEY_KP5", 0, at: 3), key("KEY_KP5", 1, at: 6),
                key("KEY_KP5", 0, at: 80), key("KEY_KP5", 1, at: 83), key("KEY_KP5", 0, at: 85),
            ],
            lines: [
                Shown(0, "KEY_KP5", "press", "digit 5", "passed", "press, query \"5\""),
                Shown(3, "KEY_KP5", "release", "digit 5", "dropped as chatter"),
                Shown(6, "KEY_KP5", "press", "digit 5", "dropped as chatter"),
                Shown(80, "KEY_KP5", "release", "digit 5", "dropped as chatter"),
                Shown(83, "KEY_KP5", "press", "digit 5", "dropped as chatter"),
                Shown(85, "KEY_KP5", "release", "digit 5", "passed", "tap"),
            ]
        ),
        Case(
            name: "a key outside the keymap says so and goes no further",
            events: [key("KEY_F13", 1, at: 0), key("KEY_F13", 0, at: 50)],
            lines: [
                Shown(0, "KEY_F13", "press", "not in keymap KEY_F13", "-"),
                Shown(50, "KEY_F13", "release", "not in keymap KEY_F13", "-"),
            ]
        ),
        Case(
            name: "NumLock is in the keymap as a key to ignore",
            events: [key("KEY_NUMLOCK", 1, at: 0)],
            lines: [Shown(0, "KEY_NUMLOCK", "press", "ignored by keymap KEY_NUMLOCK", "-")]
        ),
        Case(
            name: "Enter dials; with nothing found it types nothing",
            events: [key("KEY_KPENTER", 1, at: 0), key("KEY_KPENTER", 0, at: 100)],
            lines: [
                Shown(0, "KEY_KPENTER", "press", "dial", "passed", "press"),
                Shown(100, "KEY_KPENTER", "release", "dial", "passed", "tap"),
            ]
        ),
        Case(
            name: "a key held past the long press: a held line at 500 ms, and no tap on release",
            events: [key("KEY_KP5", 1, at: 0), key("KEY_KP5", 0, at: 700)],
            lines: [
                Shown(0, "KEY_KP5", "press", "digit 5", "passed", "press, query \"5\""),
                Shown(500, "KEY_KP5", "held", "digit 5", "-", "long press"),
                Shown(700, "KEY_KP5", "release", "digit 5", "passed", "release after a hold: no tap"),
            ]
        ),
        Case(
            name: "a press of a key already down is dropped, not taken as chatter",
            events: [key("KEY_KP2", 1, at: 0), key("KEY_KP2", 1, at: 40), key("KEY_KP2", 0, at: 100)],
            lines: [
                Shown(0, "KEY_KP2", "press", "digit 2", "passed", "press, query \"2\""),
                Shown(40, "KEY_KP2", "press", "digit 2", "dropped: already down"),
                Shown(100, "KEY_KP2", "release", "digit 2", "passed", "tap"),
            ]
        ),
        Case(
            name: "multi-tap: 5 pressed twice is j, then k",
            mode: .multitap,
            events: [key("KEY_KP5", 1, at: 0), key("KEY_KP5", 0, at: 60), key("KEY_KP5", 1, at: 200), key("KEY_KP5", 0, at: 260)],
            lines: [
                Shown(0, "KEY_KP5", "press", "digit 5", "passed", "press, multi-tap letter j (query \"j\")"),
                Shown(60, "KEY_KP5", "release", "digit 5", "passed", "tap"),
                Shown(200, "KEY_KP5", "press", "digit 5", "passed", "press, multi-tap letter k (query \"k\")"),
                Shown(260, "KEY_KP5", "release", "digit 5", "passed", "tap"),
            ]
        ),
    ]

    @Test(arguments: cases)
    func eachEventIsShownWithWhatBecameOfIt(_ test: Case) throws {
        try TestFiles.withTemporaryDirectory { directory in
            let config = try TestFiles.write("", to: directory + "/t9dial.toml")
            let overrides = Book.Overrides(configFile: config, dataDirectory: TestFiles.dataDirectory)
            let (setup, monitor) = try MonitorRun.setup(overrides, mode: test.mode)
            monitor.attach(device: "/dev/input/event7", keymap: try setup.keymaps.keymap(id: "usb-numpad"))
            var lines: [MonitorLine] = []
            for event in test.events { lines += monitor.handle(event, from: "/dev/input/event7") }
            lines += monitor.advance(to: .max)
            #expect(lines.map(Shown.init) == test.lines)
            #expect(lines.allSatisfy { $0.device == "/dev/input/event7" })
        }
    }

    @Test func aLineHasEveryColumnInOrder() {
        let line = MonitorLine(
            time: 12_345_678, device: "/dev/input/event3", key: "KEY_KP5", event: .release, meaning: .role(.digit(5)),
            debounce: .droppedAsChatter)
        let columns = line.description.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(columns == ["12.345678", "/dev/input/event3", "KEY_KP5", "release", "digit", "5", "dropped", "as", "chatter", "-"])
    }

    @Test func eventsOfADeviceNotAttachedShowNothing() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let config = try TestFiles.write("", to: directory + "/t9dial.toml")
            let (_, monitor) = try MonitorRun.setup(Book.Overrides(configFile: config, dataDirectory: TestFiles.dataDirectory), mode: nil)
            #expect(monitor.handle(Self.key("KEY_KP5", 1, at: 0), from: "/dev/input/event9").isEmpty)
        }
    }
}
