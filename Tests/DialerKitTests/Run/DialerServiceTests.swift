// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Foundation
@testable import DialerKit
import Evdev
import EvdevTestSupport
import Glibc
import KeypadInput
import ProcessLoop
@testable import Systemd
import TestFixtures
import Testing
import InputEvents

/// `t9dial run` as a service, on a fake /dev/input and a config in a temporary folder: it runs
/// on with no contacts and says so, loads the book once the config is fixed with the query
/// kept, reloads on SIGHUP, and says when no keypad is plugged in.
@Suite("The dialer as a service")
struct DialerServiceTests {
    static func code(_ name: String) -> UInt16 { EventCodes.keyCode(named: name)! }
    static let keypadKeys = (0...9).map { code("KEY_NUMERIC_\($0)") } + [code("KEY_NUMERIC_STAR"), code("KEY_NUMERIC_POUND")]

    /// A service over `directory`'s config.toml, reading `directory/input` as /dev/input.
    static func service(_ directory: String, log: RecordedLog) throws -> DialerService {
        try DialerService(
            overrides: .init(configFile: directory + "/config.toml", dataDirectory: TestFiles.dataDirectory), mode: nil,
            device: nil, grab: true, logger: log.logger, inputDirectory: directory + "/input"
        )
    }

    static let fred = TestFiles.card(uid: "fred", name: "Fred Smith", numbers: ["+44 121 496 0000"])

    /// `directory` set up as a board: config.toml holding `config`, book.vcf with Fred Smith,
    /// and input/ as /dev/input, with a keypad in it when `keypad`.
    static func board(_ directory: String, config: String, keypad: Bool = true) throws -> (input: String, node: FakeEvdevNode?) {
        let input = directory + "/input"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try TestFiles.write(fred, to: directory + "/book.vcf")
        try TestFiles.write(config, to: directory + "/config.toml")
        let node = keypad ? try FakeEvdevNode(path: input + "/event0", name: "matrix-keypad", keys: keypadKeys, bus: 0x19) : nil
        return (input, node)
    }

    /// A service started on a board set up in `directory` with `config` and a keypad.
    static func startedService(
        _ directory: String, config: String
    ) throws -> (service: DialerService, node: FakeEvdevNode, log: RecordedLog, display: InMemoryDisplay) {
        let node = try #require(try board(directory, config: config).node)
        let log = RecordedLog()
        let service = try service(directory, log: log)
        var display = InMemoryDisplay()
        service.start(display: &display)
        return (service, node, log, display)
    }

    /// A config that names book.vcf, with no idle clear.
    static let bookConfig = "contacts = [\"book.vcf\"]\n[keypad]\nidle_clear_s = 0\n"

    /// Sends systemctl reload's SIGHUP, kept for the service's signalfd: blocked on this thread
    /// (a real service blocks it in every thread) and raised; then steps `service` until `done`.
    static func hangUp(_ service: DialerService, display: inout InMemoryDisplay, until done: () -> Bool) throws {
        try ThreadSignal.withBlocked(SIGHUP) {
            raise(SIGHUP)
            while !done() { try service.step(display: &display) }
        }
    }

    /// Taps `digit` on `node`, with times in the past so every timer they set is due at once.
    static func tap(_ node: FakeEvdevNode, _ digit: Int, at time: inout Microseconds) throws {
        time += 200_000
        try node.key(code("KEY_NUMERIC_\(digit)"), KeyValue.press, at: time)
        try node.key(code("KEY_NUMERIC_\(digit)"), KeyValue.release, at: time + 60_000)
    }

    @Test("No contacts: it runs on and says so, then loads the book when the config names one, keeping the query")
    func noContactsThenFixed() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let input = directory + "/input"
            let started = try Self.startedService(directory, config: "[keypad]\nidle_clear_s = 0\n")
            let (service, node, log) = (started.service, started.node, started.log)
            var display = started.display
            #expect(display.screens.last?.notice == "No contacts: edit \(directory)/config.toml")
            #expect(log.lines.filter { $0.hasPrefix("error: no contacts to search") }.count == 1)

            // Keys still work: 3 7 is typed, and finds nothing yet.
            var time = MonotonicClock.system.now() - 10_000_000
            try Self.tap(node, 3, at: &time)
            try Self.tap(node, 7, at: &time)
            while service.machine.session.screen.query.text != "37" { try service.step(display: &display) }
            #expect(service.machine.session.screen.results.isEmpty)

            // The user names the book in the config: the service sees the change and loads it.
            try TestFiles.write(Self.bookConfig, to: directory + "/config.toml")
            while service.machine.session.screen.results.isEmpty { try service.step(display: &display) }
            #expect(service.machine.session.screen.query.text == "37")
            #expect(service.machine.session.screen.results.map(\.name) == ["Fred Smith"])
            #expect(display.screens.last?.notice == nil)
            #expect(log.lines.contains("info: reloaded: 1 contact, reading \(input)/event0"))
        }
    }

    @Test("SIGHUP reloads the config and the contacts with the query kept; a broken config keeps the book")
    func hangUpReloads() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let started = try Self.startedService(directory, config: Self.bookConfig)
            let (service, node, log) = (started.service, started.node, started.log)
            var display = started.display
            var time = MonotonicClock.system.now() - 10_000_000
            try Self.tap(node, 3, at: &time)
            while service.machine.session.screen.query.text != "3" { try service.step(display: &display) }

            try Self.hangUp(service, display: &display) { log.lines.contains { $0.hasPrefix("info: reloaded:") } }
            #expect(log.lines.contains("info: SIGHUP: reloading the config and the contacts"))
            #expect(service.machine.session.screen.query.text == "3")
            #expect(service.machine.session.screen.results.map(\.name) == ["Fred Smith"])

            // A typo in the config: the running book stays, and the log says why.
            try TestFiles.write("contacts = [\"book.vcf\"\n", to: directory + "/config.toml")
            while !log.lines.contains(where: { $0.hasPrefix("error: reload:") }) { try service.step(display: &display) }
            #expect(log.lines.last { $0.hasPrefix("error: reload:") }?.hasSuffix("the contacts loaded before are kept") == true)
            #expect(service.machine.session.screen.results.map(\.name) == ["Fred Smith"])
            #expect(display.screens.last?.notice == nil)
        }
    }

    @Test("A reload is read on a thread of its own: the loop goes on with the running book, and a key typed meanwhile is kept")
    func reloadDoesNotHoldTheLoop() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let started = try Self.startedService(directory, config: Self.bookConfig)
            let (service, node, log) = (started.service, started.node, started.log)
            var display = started.display
            while service.isLoading { try service.step(display: &display) }
            var time = MonotonicClock.system.now() - 10_000_000
            try Self.tap(node, 3, at: &time)
            while service.machine.session.screen.query.text != "3" { try service.step(display: &display) }

            // The book gains a contact, and systemctl reload asks for it.
            try TestFiles.write(Self.fred + TestFiles.card(uid: "eve", name: "Eve Fisher", numbers: ["+44 121 496 0001"]), to: directory + "/book.vcf")
            try Self.hangUp(service, display: &display) { log.lines.contains("info: SIGHUP: reloading the config and the contacts") }
            // The step that began the reload came back before the reload was in.
            #expect(service.isReloading)
            #expect(!log.lines.contains { $0.hasPrefix("info: reloaded:") })
            #expect(service.statusLine == "reloading the config and the contacts; 1 contact, reading \(directory)/input/event0")

            try Self.tap(node, 3, at: &time)
            while service.isReloading || service.machine.session.screen.query.text != "33" { try service.step(display: &display) }
            #expect(log.lines.contains("info: reloaded: 2 contacts, reading \(directory)/input/event0"))
            #expect(service.statusLine == "2 contacts, reading \(directory)/input/event0")
            // 33 is Eve Fisher's initials: the reloaded book, searched for the query typed meanwhile.
            #expect(service.machine.session.screen.results.map(\.name) == ["Eve Fisher"])
        }
    }

    @Test("A contact file edited while a reload reads the book is reloaded again once that reload is in")
    func editedWhileAReloadReads() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let started = try Self.startedService(directory, config: Self.bookConfig)
            let (service, log) = (started.service, started.log)
            var display = started.display
            while service.isLoading { try service.step(display: &display) }

            // systemctl reload; the reload reads the book, and the file gains Eve before the
            // loop takes the reloaded book in: the edit came after the reading.
            try Self.hangUp(service, display: &display) { service.isReloading }
            let reload = try #require(service.reload.inFlight?.descriptor)
            #expect(Readiness.waitReadable([reload]) == [reload])
            try TestFiles.write(Self.fred + TestFiles.card(uid: "eve", name: "Eve Fisher", numbers: ["+44 121 496 0001"]), to: directory + "/book.vcf")

            // Ten seconds at most: a change lost between the two books would never reload it.
            let giveUp = MonotonicClock.system.now() + 10_000_000
            while service.machine.session.index.contacts.count < 2 && MonotonicClock.system.now() < giveUp {
                try service.step(display: &display, until: giveUp)
            }
            #expect(log.lines.contains { $0.hasPrefix("info: reloaded:") })
            let contacts = service.machine.session.index.contacts
            #expect(contacts.indices.map { contacts.uid(of: $0) }.sorted() == ["eve", "fred"])
        }
    }

    @Test("No keypad plugged in is a notice on the screen until one is, and the query waits")
    func keypadNotice() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let (input, _) = try Self.board(directory, config: Self.bookConfig, keypad: false)
            let log = RecordedLog()
            let service = try Self.service(directory, log: log)
            var display = InMemoryDisplay()
            service.start(display: &display)
            // The first screen is shown before the book is loaded, which is read meanwhile.
            #expect(display.screens.first?.loading == 0)
            #expect(display.screens.last?.notice == "No keypad: plug one in")
            while service.isLoading { try service.step(display: &display) }
            #expect(display.screens.last?.loading == nil)
            #expect(display.screens.last?.notice == "No keypad: plug one in")
            #expect(service.statusLine == "1 contact, no keypad plugged in")
            #expect(log.lines.contains { $0.hasPrefix("info: started with") && $0.hasSuffix(": 1 contact, no keypad plugged in") })

            let node = try FakeEvdevNode(path: input + "/event0", name: "matrix-keypad", keys: Self.keypadKeys, bus: 0x19)
            while service.machine.devices.isEmpty { try service.step(display: &display) }
            #expect(display.screens.last?.notice == nil)
            #expect(service.statusLine == "1 contact, reading \(input)/event0")
            var time = MonotonicClock.system.now() - 10_000_000
            try Self.tap(node, 3, at: &time)
            while service.machine.session.screen.query.text != "3" { try service.step(display: &display) }

            // Unplugged mid-query: the notice comes back, and the query stays.
            node.hangUp()
            node.remove()
            while !service.machine.devices.isEmpty { try service.step(display: &display) }
            while display.screens.last?.notice == nil { try service.step(display: &display) }
            #expect(display.screens.last?.notice == "No keypad: plug one in")
            #expect(service.machine.session.screen.query.text == "3")
        }
    }
}
