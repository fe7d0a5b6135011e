// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
@testable import DialerKit
import EvdevTestSupport
import InputEvents
import ProcessLoop
import TestFixtures
import Testing

/// `t9dial run` on a keypad built into a phone: its hook switch's state reaches the dialer when
/// the keypad is opened, at start and replugged, and its changes after.
@Suite("Reading a keypad's hook switch into the dialer")
struct DialerLoopHookTests {
    /// SW_KEYPAD_SLIDE, on while the handset is lifted.
    static let slide: UInt16 = 0x0a

    static func keymaps() throws -> KeymapCatalog {
        let shipped = try KeymapCatalog.load(dataDirectory: TestFiles.repositoryRoot + "/Config")
        var phone = try shipped.keymap(id: "phone-keypad")
        phone.hook = .switch(Self.slide, liftedValue: 1)
        return KeymapCatalog(directory: shipped.directory, keymaps: [phone])
    }

    /// The keypad at event0, its handset lifted or not from the moment the node appears.
    func keypad(_ directory: TemporaryDirectory, lifted: Bool) throws -> FakeEvdevNode {
        try FakeEvdevNode(
            path: directory.join("event0"), name: "phone", keys: DialerLoopTests.keypadKeys, switches: [Self.slide],
            switchesOn: lifted ? [Self.slide] : [], bus: 0x19)
    }

    @Test func theHandsetsStateIsReadAtStartAndAfterAReplug() throws {
        let directory = try TemporaryDirectory()
        var node = try keypad(directory, lifted: true)
        let log = RecordedLog()
        let run = try DialerLoopTests().run(in: directory, logger: log.logger, keymaps: Self.keymaps())
        var display = InMemoryDisplay()
        run.start(display: &display)
        #expect(run.machine.isHandsetLifted(on: 0) == true)
        #expect(log.lines.contains { $0.contains("the handset is lifted (SW_KEYPAD_SLIDE)") })

        // Replaced, in the past: the switch has settled by the time the loop looks.
        let clock = DialerLoopTests.PastTime()
        try node.send([InputEvent(time: clock.next(), type: EventType.switch, code: Self.slide, value: 0), .report(at: clock.time)])
        try run.step(display: &display)
        #expect(run.machine.isHandsetLifted(on: 0) == false)

        node.hangUp()
        node.remove()
        try run.step(display: &display)
        #expect(run.machine.devices.isEmpty)
        // Back with the handset lifted meanwhile: the new device's state is read.
        node = try keypad(directory, lifted: true)
        for _ in 0..<50 where run.machine.devices.isEmpty {
            try run.step(display: &display, until: MonotonicClock.system.now() + 100_000)
        }
        let device = try #require(run.machine.devices.first)
        #expect(run.machine.isHandsetLifted(on: device) == true)
    }
}

/// What the hook switch sounds like through the loop: the state read when the keypad opens and
/// its changes reach the cues as they reach the dialer.
extension DialerLoopHookTests {
    @Test func aHandsetLiftedAtStartPlaysTheDialToneUntilItIsReplaced() throws {
        let directory = try TemporaryDirectory()
        let node = try keypad(directory, lifted: true)
        let run = try DialerLoopTests().run(in: directory, logger: RecordedLog().logger, keymaps: Self.keymaps())
        let player = SoundCuesTests.RecordingPlayer()
        run.driver.play(on: player, keyTones: true)
        var display = InMemoryDisplay()
        run.start(display: &display)
        #expect(player.cues == [.dialTone])

        let clock = DialerLoopTests.PastTime()
        try node.send([InputEvent(time: clock.next(), type: EventType.switch, code: Self.slide, value: 0), .report(at: clock.time)])
        try run.step(display: &display)
        #expect(run.machine.isHandsetLifted(on: 0) == false)
        #expect(player.cues == [.dialTone, .quiet])
    }
}
