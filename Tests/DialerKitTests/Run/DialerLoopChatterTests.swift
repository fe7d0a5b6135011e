// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialerConfig
import DialerEngine
@testable import DialerKit
import Evdev
import EvdevTestSupport
import KeypadInput
import Logging
import T9Search
import TestFixtures
import Testing
import InputEvents

/// A chattering key types once however slow handling a key is: `t9dial run` on fake keypad
/// nodes, with a clock moved by hand, a kernel that delivers each event when the clock passes
/// its time, and a display that takes 50 ms to draw (a first search, a slow SPI panel, a busy
/// Pi Zero). While it draws, the chatter that cancels a held-back release arrives in the
/// kernel's queue; timers advanced past the moment the loop woke would let that release
/// through and take the chatter for a new press.
@Suite("A chattering key types once, however slow the board")
struct DialerLoopChatterTests {
    static func code(_ name: String) -> UInt16 { EventCodes.keyCode(named: name)! }
    static let keypadKeys = (0...9).map { code("KEY_NUMERIC_\($0)") } + [code("KEY_NUMERIC_STAR"), code("KEY_NUMERIC_POUND")]
    static func digit(_ digit: Int) -> UInt16 { code("KEY_NUMERIC_\(digit)") }

    typealias ScriptedEvent = SimulatedKernel.Event

    /// A key tapped with worn contacts, starting `at` (ms): it bounces 3 ms after going down
    /// and again as it comes up, each bounce well inside the 15 ms window. `heldMs` is how long
    /// it is down.
    static func chatteringTap(_ key: Int, at start: Microseconds, heldMs: Microseconds = 80, keypad: Int = 0) -> [ScriptedEvent] {
        let code = digit(key)
        let ms: Microseconds = 1_000
        return [
            (0, KeyValue.press), (3, KeyValue.release), (6, KeyValue.press),
            (heldMs, KeyValue.release), (heldMs + 3, KeyValue.press), (heldMs + 5, KeyValue.release),
        ].map { ScriptedEvent(keypad: keypad, time: start + $0.0 * ms, code: code, value: $0.1) }
    }

    /// Which screens take long to draw.
    enum Slowness: CustomStringConvertible {
        case firstKey, everyKey

        var description: String { self == .firstKey ? "the first key" : "every key" }
    }

    struct Case: CustomTestStringConvertible {
        var name: String
        var script: [ScriptedEvent]
        var keypads = 1
        var slow: Slowness
        var mode: InputMode = .t9
        /// The queries the screen shows, in order (repeats of one query counted once).
        var queries: [String]

        var testDescription: String { name }
    }

    static let start: Microseconds = 100_000_000
    static let cases: [Case] = [
        Case(
            name: "the first key is slow to handle: 9 5 7 gives 9, 95, 957",
            script: chatteringTap(9, at: start) + chatteringTap(5, at: start + 300_000) + chatteringTap(7, at: start + 600_000),
            slow: .firstKey, queries: ["", "9", "95", "957"]
        ),
        Case(
            name: "every key is slow to handle: 9 5 7 gives 9, 95, 957",
            script: chatteringTap(9, at: start) + chatteringTap(5, at: start + 300_000) + chatteringTap(7, at: start + 600_000),
            slow: .everyKey, queries: ["", "9", "95", "957"]
        ),
        Case(
            name: "keys quicker than the slow screen: 9 5 7, 60 ms apart, gives 9, 95, 957",
            script: chatteringTap(9, at: start, heldMs: 30) + chatteringTap(5, at: start + 60_000, heldMs: 30)
                + chatteringTap(7, at: start + 120_000, heldMs: 30),
            slow: .everyKey, queries: ["", "9", "95", "957"]
        ),
        Case(
            name: "two keypads: 9 on the second and 5 on the first, 2 ms later, both chattering, give 9, 95",
            script: chatteringTap(9, at: start, keypad: 1) + chatteringTap(5, at: start + 2_000, keypad: 0),
            keypads: 2, slow: .firstKey, queries: ["", "9", "95"]
        ),
        Case(
            name: "a long press that chatters: 0 held for 700 ms types + alone",
            script: chatteringTap(0, at: start, heldMs: 700),
            slow: .everyKey, queries: ["", "0", "+"]
        ),
        Case(
            name: "multi-tap: 4, then 5 5 5, the first key slow: g, gj, gk, gl",
            script: chatteringTap(4, at: start) + chatteringTap(5, at: start + 1_200_000) + chatteringTap(5, at: start + 1_400_000)
                + chatteringTap(5, at: start + 1_600_000),
            slow: .firstKey, mode: .multiTap(layout: "latin"), queries: ["", "g", "gj", "gk", "gl"]
        ),
    ]

    @Test(arguments: cases)
    func chatterNeverTypesTwice(_ scenario: Case) throws {
        let directory = try TemporaryDirectory()
        // Keypad 0 is event0: discovery reads the nodes in order, so a later keypad's earlier
        // events come after an earlier keypad's later ones in a wake-up.
        let nodes = try (0..<scenario.keypads).map { number in
            try FakeEvdevNode(path: directory.join("event\(number)"), name: "matrix-keypad", keys: Self.keypadKeys, bus: 0x19)
        }
        let clock = ManualClock(Self.start - 1_000_000)
        let kernel = SimulatedKernel(nodes: nodes, script: scenario.script, clock: clock)
        let run = try Self.run(in: directory, mode: scenario.mode, clock: clock)
        var display = SlowDisplay(kernel: kernel, slow: scenario.slow)
        run.start(display: &display)
        #expect(run.machine.devices.count == scenario.keypads)

        try kernel.drive(run, display: &display, until: scenario.script.map(\.time).max()! + 1_000_000)
        #expect(display.queries == scenario.queries)
    }

    /// The sample book and a run over `directory`, timed by `clock`.
    static func run(in directory: TemporaryDirectory, mode: InputMode, clock: ManualClock) throws -> DialerLoop {
        let data = TestFiles.dataDirectory
        var table = ContactTable()
        _ = try ContactImporter.read(path: data + "/samples/contacts.vcf") { table.append($0.searchable) }
        let index = SearchIndex(table: table, alphabet: T9Alphabet(layouts: try LayoutCatalog.load(dataDirectory: data).layouts))
        let setup = KeypadSetup(
            keymaps: try KeymapCatalog.load(dataDirectory: data), settings: KeypadSettings(), timing: KeyTiming(),
            dialerSettings: DialerSettings(initialMode: mode)
        )
        let driver = DialerDriver(machine: try setup.makeMachine(index: index), logger: Logger(label: "test"))
        return try DialerLoop(setup: setup, driver: driver, device: nil, grab: true, inputDirectory: directory.path, clock: clock.clock)
    }
}

/// A display that takes 50 ms (of the test's clock) to draw a screen whose query changed,
/// for the first such screen or for every one; keys arrive in the kernel meanwhile.
struct SlowDisplay: DialerDisplay {
    let kernel: SimulatedKernel
    let slow: DialerLoopChatterTests.Slowness
    var inner = InMemoryDisplay()
    private var slowScreensDrawn = 0

    init(kernel: SimulatedKernel, slow: DialerLoopChatterTests.Slowness) {
        self.kernel = kernel
        self.slow = slow
    }

    /// The queries shown, in order, a query shown again in a row counted once.
    var queries: [String] {
        inner.screens.map(\.query.text).reduce(into: []) { shown, query in
            if shown.last != query { shown.append(query) }
        }
    }

    mutating func take(_ update: DialerUpdate) {
        guard case .screen(let screen) = update else { return inner.take(update) }
        let changed = inner.screens.last.map { $0.query != screen.query } ?? false
        inner.show(screen)
        guard changed, slow == .everyKey || slowScreensDrawn == 0 else { return }
        slowScreensDrawn += 1
        kernel.clock.advance(by: 50_000)
        kernel.deliverDue()
    }
}
