// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialerConfig
import DialerEngine
@testable import DialerKit
import Evdev
import EvdevTestSupport
import Foundation
import KeypadInput
import Phonebook
import ProcessLoop
import Logging
import T9Search
import Telephony
import TestFixtures
import Testing
import InputEvents

/// `t9dial run` end to end on a fake /dev/input: keypad nodes that the real libevdev reads
/// (through the test build's fake evdev ioctls), the reader's poll and inotify, the dialer
/// and a display, over the sample book. Event times lie in the past, so every timer they set
/// is due at once and no test waits for one.
@Suite("Reading a keypad into the dialer")
struct DialerLoopTests {
    static func code(_ name: String) -> UInt16 { EventCodes.keyCode(named: name)! }
    static let keypadKeys = (0...9).map { code("KEY_NUMERIC_\($0)") } + [code("KEY_NUMERIC_STAR"), code("KEY_NUMERIC_POUND")]
    static let pound = code("KEY_NUMERIC_POUND")
    static func digit(_ digit: Int) -> UInt16 { code("KEY_NUMERIC_\(digit)") }

    /// The sample book indexed, and a run reading `directory` as /dev/input, with the shipped
    /// keymaps or `keymaps`.
    func run(
        in directory: TemporaryDirectory, line: any CallLine = PrintLine(), logger: Logger = Logger(label: "test"),
        keymaps: KeymapCatalog? = nil
    ) throws -> DialerLoop {
        let data = TestFiles.repositoryRoot + "/Config"
        var table = ContactTable()
        _ = try ContactImporter.read(path: data + "/samples/contacts.vcf") { table.append($0.searchable) }
        let index = SearchIndex(table: table, alphabet: T9Alphabet(layouts: try LayoutCatalog.load(dataDirectory: data).layouts))
        let setup = KeypadSetup(
            keymaps: try keymaps ?? KeymapCatalog.load(dataDirectory: data), settings: KeypadSettings(), timing: KeyTiming(),
            dialerSettings: DialerSettings()
        )
        let driver = DialerDriver(machine: try setup.makeMachine(index: index), line: line, logger: logger)
        return try DialerLoop(setup: setup, driver: driver, device: nil, grab: true, inputDirectory: directory.path)
    }

    /// A clock ten seconds behind the system's, for event times whose timers are already due.
    final class PastTime {
        var time = MonotonicClock.system.now() - 10_000_000
        func next(_ step: Microseconds = 150_000) -> Microseconds {
            time += step
            return time
        }
    }

    func tap(_ node: FakeEvdevNode, _ code: UInt16, _ clock: PastTime) throws {
        try node.key(code, KeyValue.press, at: clock.next())
        try node.key(code, KeyValue.release, at: clock.next(60_000))
    }

    @Test func aKeyReleaseLostInAnOverflowIsRecoveredAndTypingGoesOn() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "matrix-keypad", keys: Self.keypadKeys, bus: 0x19)
        let log = RecordedLog()
        let run = try run(in: directory, logger: log.logger)
        var display = InMemoryDisplay()
        run.start(display: &display)
        #expect(node.isGrabbed)
        let clock = PastTime()

        try tap(node, Self.digit(3), clock)
        try run.step(display: &display)
        try tap(node, Self.digit(7), clock)
        try run.step(display: &display)
        // 3 goes down; its release is lost when the kernel's buffer overflows. libevdev's sync
        // brings the release, so the next press of 3 is not taken for chatter of a held key.
        try node.key(Self.digit(3), KeyValue.press, at: clock.next())
        node.setKeyDown(Self.digit(3), false)
        try node.send([.dropped(at: clock.next(60_000))])
        try run.step(display: &display)
        try tap(node, Self.digit(3), clock)
        try run.step(display: &display)
        #expect(run.machine.session.screen.query.text == "3733")
        #expect(run.machine.session.screen.results.first?.name == "Fred Smith")

        try tap(node, Self.pound, clock)
        try run.step(display: &display)
        #expect(display.dials.map(\.name) == ["Fred Smith"])
        #expect(display.dials.map(\.number) == ["+44 7700 900123"])
        #expect(log.lines.contains { $0.contains("matrix-keypad") })
    }

    @Test func aKeypadUnpluggedMidPressKeepsTheQueryAndIsReadAgainWhenItReturns() throws {
        let directory = try TemporaryDirectory()
        var node = try FakeEvdevNode(path: directory.join("event0"), name: "matrix-keypad", keys: Self.keypadKeys, bus: 0x19)
        let log = RecordedLog()
        let run = try run(in: directory, logger: log.logger)
        var display = InMemoryDisplay()
        run.start(display: &display)
        let clock = PastTime()

        try tap(node, Self.digit(4), clock)
        try run.step(display: &display)
        // 6 goes down (and types), then the cable is pulled with it held.
        try node.key(Self.digit(6), KeyValue.press, at: clock.next())
        try run.step(display: &display)
        node.hangUp()
        node.remove()
        try run.step(display: &display)
        #expect(log.lines.contains { $0.contains("unplugged") })
        #expect(run.machine.devices.isEmpty)
        #expect(run.machine.session.screen.query.text == "46")

        node = try FakeEvdevNode(path: directory.join("event0"), name: "matrix-keypad", keys: Self.keypadKeys, bus: 0x19)
        // The input thread sees the new node through inotify; a wake-up left from the unplug
        // (the poke that let the old descriptor go) may come first on a busy machine.
        for _ in 0..<50 where run.machine.devices.isEmpty {
            try run.step(display: &display, until: MonotonicClock.system.now() + 100_000)
        }
        #expect(run.machine.devices.count == 1)
        try tap(node, Self.digit(3), clock)
        try run.step(display: &display)
        #expect(run.machine.session.screen.query.text == "463")
        #expect(display.dials.isEmpty)
    }

    /// `#` runs the `[dial]` program on a thread of its own: the loop goes on reading keys
    /// while it runs, wakes when it ends, and shows what came of it.
    @Test func aDialRunsTheProgramWhileKeysAreStillRead() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "matrix-keypad", keys: Self.keypadKeys, bus: 0x19)
        // The program waits until the test lets it go, so a key can come while it runs.
        let gate = directory.join("gate")
        let script = directory.join("dial.sh")
        try "while [ ! -e \"\(gate)\" ]; do sleep 0.05; done\necho \"busy line\" >&2\nexit 4\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        // Run by /bin/sh, not executed: a file just written may still be open in a child
        // another test forked meanwhile, and executing it then fails with ETXTBSY.
        let line = try DialMethod.exec(ExecSettings(command: ["/bin/sh", script, "{number}"], timeoutSeconds: 60)).makeLine()
        let run = try run(in: directory, line: line)
        var display = InMemoryDisplay()
        run.start(display: &display)
        let clock = PastTime()
        for digit in [3, 7, 3, 3, 7] {
            try tap(node, Self.digit(digit), clock)
            try run.step(display: &display)
        }
        try tap(node, Self.pound, clock)
        try run.step(display: &display)
        #expect(run.machine.session.screen.callProgress == .dialling)
        let running = try #require(run.driver.line.descriptors.first)
        #expect(run.driver.sources == [EventLoop.Source(.line(running), running)])

        // A key read while the program runs: 3 leaves the calling screen and types.
        try tap(node, Self.digit(3), clock)
        try run.step(display: &display)
        #expect(run.machine.session.screen.calling == nil)
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        while display.outcomes.isEmpty { try run.step(display: &display) }
        #expect(display.outcomes.map(\.screenMessage) == ["Failed: exit 4: busy line"])
        // The failed dial kept the query, and the key typed meanwhile is on it.
        #expect(run.machine.session.screen.query.text == "373373")
        #expect(run.driver.sources.isEmpty)
    }

    /// A contact file saved while t9dial runs is searched from then on, with the query typed
    /// kept: the live book's reload wakes the same poll loop as the keys.
    @Test func aContactFileSavedMidQueryIsSearchedWithTheQueryKept() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "matrix-keypad", keys: Self.keypadKeys, bus: 0x19)
        let book = directory.join("book.vcf")
        try "BEGIN:VCARD\nVERSION:3.0\nUID:ann\nFN:Ann Baker\nTEL:+44 20 7946 0001\nEND:VCARD\n"
            .write(toFile: book, atomically: true, encoding: .utf8)
        let data = TestFiles.dataDirectory
        let loader = BookLoader(
            sources: [.named(book)], alphabet: T9Alphabet(layouts: try LayoutCatalog.load(dataDirectory: data).layouts),
            options: SearchOptions(), favourites: HistorySettings())
        let loaded = try loader.load(history: nil)
        let setup = KeypadSetup(
            keymaps: try KeymapCatalog.load(dataDirectory: data), settings: KeypadSettings(), timing: KeyTiming(),
            dialerSettings: DialerSettings())
        let driver = DialerDriver(machine: try setup.makeMachine(index: loaded.index), logger: Logger(label: "test"))
        driver.keepCurrent(LiveBook(loader: loader, book: loaded, history: nil))
        let run = try DialerLoop(setup: setup, driver: driver, device: nil, grab: true, inputDirectory: directory.path)
        var display = InMemoryDisplay()
        run.start(display: &display)
        let clock = PastTime()
        for digit in [2, 2] {
            try tap(node, Self.digit(digit), clock)
            try run.step(display: &display)
        }
        #expect(run.machine.session.screen.results.map(\.name) == ["Ann Baker"])

        try
            ("BEGIN:VCARD\nVERSION:3.0\nUID:ann\nFN:Ann Baker\nTEL:+44 20 7946 0001\nEND:VCARD\n"
            + "BEGIN:VCARD\nVERSION:3.0\nUID:cat\nFN:Cat Abbott\nTEL:+44 20 7946 0002\nEND:VCARD\n")
            .write(toFile: book, atomically: true, encoding: .utf8)
        // The loop sleeps until the change, the settle time and the reload have passed.
        while run.machine.session.screen.results.count < 2 { try run.step(display: &display) }
        #expect(Set(run.machine.session.screen.results.map(\.name)) == ["Ann Baker", "Cat Abbott"])
        #expect(run.machine.session.screen.query.text == "22")
        try tap(node, Self.digit(8), clock)  // 228: "cat" only
        try run.step(display: &display)
        #expect(run.machine.session.screen.results.map(\.name) == ["Cat Abbott"])
    }
}
