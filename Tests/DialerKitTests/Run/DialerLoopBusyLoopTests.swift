// SPDX-License-Identifier: Apache-2.0

import DialerEngine
@testable import DialerKit
import Evdev
import EvdevTestSupport
import InputEvents
import Testing

/// A busy board never loses a key: `t9dial run` on a fake keypad node whose kernel buffer holds
/// 64 events (about 20 key presses and releases with their scan codes and reports), as evdev's
/// does for a keypad, and overflows as it does (SYN_DROPPED). The display takes 300 ms (of the
/// test's clock) for every update, a slow SPI panel on a busy single-core board, while a
/// chattering keypad is typed on fast: far more events come during one update than the buffer
/// holds. A loop that read the keypad only between its steps lost taps to the overflow; with the
/// keypad read on a thread of its own, nothing overflows, every tap types once, and the loop
/// catches up.
@Suite("A busy board never loses a key")
struct DialerLoopBusyLoopTests {
    typealias Chatter = DialerLoopChatterTests

    /// A key tapped with badly worn contacts starting `at`: each edge bounces twice, 1 ms
    /// apart (ten key events, thirty with their scan codes and reports), held 40 ms.
    static func bouncingTap(_ key: Int, at start: Microseconds) -> [SimulatedKernel.Event] {
        let code = Chatter.digit(key)
        let ms: Microseconds = 1_000
        let edges: [(Microseconds, Int32)] = [
            (0, KeyValue.press), (1, KeyValue.release), (2, KeyValue.press), (3, KeyValue.release), (4, KeyValue.press),
            (40, KeyValue.release), (41, KeyValue.press), (42, KeyValue.release), (43, KeyValue.press), (44, KeyValue.release),
        ]
        return edges.map { SimulatedKernel.Event(keypad: 0, time: start + $0.0 * ms, code: code, value: $0.1) }
    }

    /// Taps of `keys`, one every 100 ms.
    static func typed(_ keys: [Int]) -> [SimulatedKernel.Event] {
        keys.enumerated().flatMap { bouncingTap($0.element, at: Chatter.start + Microseconds($0.offset) * 100_000) }
    }

    struct Case: CustomTestStringConvertible {
        var name: String
        var keys: [Int]
        var mode: InputMode
        var queries: [String]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "T9: 2 3 4 5 6 7 8 9 2 3, ten taps in a second, each once",
            keys: [2, 3, 4, 5, 6, 7, 8, 9, 2, 3], mode: .t9,
            queries: ["", "2", "23", "234", "2345", "23456", "234567", "2345678", "23456789", "234567892", "2345678923"]
        ),
        Case(
            name: "multi-tap: 4 555 666 spells glo, each tap once",
            keys: [4, 5, 5, 5, 6, 6, 6], mode: .multiTap(layout: "latin"),
            queries: ["", "g", "gj", "gk", "gl", "glm", "gln", "glo"]
        ),
    ]

    @Test(arguments: cases)
    func noKeyIsLostOrTypedTwice(_ scenario: Case) throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "matrix-keypad", keys: Chatter.keypadKeys, bus: 0x19)
        let clock = ManualClock(Chatter.start - 1_000_000)
        let kernel = SimulatedKernel(nodes: [node], script: Self.typed(scenario.keys), clock: clock, bufferCapacity: 64)
        let run = try Chatter.run(in: directory, mode: scenario.mode, clock: clock)
        var display = BusyDisplay(kernel: kernel)
        run.start(display: &display)
        #expect(run.machine.devices.count == 1)

        try kernel.drive(run, display: &display, until: Chatter.start + Microseconds(scenario.keys.count) * 100_000 + 2_000_000)
        #expect(kernel.overflows == 0, "the kernel's buffer overflowed \(kernel.overflows) times")
        #expect(display.queries == scenario.queries)
    }
}

/// A display that takes 300 ms of the test's clock for every update; the kernel delivers the
/// keys that come meanwhile, a millisecond at a time.
struct BusyDisplay: DialerDisplay {
    let kernel: SimulatedKernel
    var inner = InMemoryDisplay()

    /// The queries shown, in order, a query shown again in a row counted once.
    var queries: [String] {
        inner.screens.map(\.query.text).reduce(into: []) { shown, query in
            if shown.last != query { shown.append(query) }
        }
    }

    mutating func take(_ update: DialerUpdate) {
        guard case .screen(let screen) = update else { return inner.take(update) }
        inner.show(screen)
        for _ in 0..<300 {
            kernel.clock.advance(by: 1_000)
            kernel.deliverDue()
        }
    }
}
