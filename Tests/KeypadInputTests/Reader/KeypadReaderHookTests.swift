// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import EvdevTestSupport
import InputEvents
import KeypadInput
import Testing

/// The hook switch of a keypad built into a phone, read from fake nodes: its state when the
/// keypad is opened, at start and replugged, then its events.
@Suite("Reading keypads: hook switch")
struct KeypadReaderHookTests {
    /// SW_KEYPAD_SLIDE and KEY_PICKUP_PHONE.
    static let slide: UInt16 = 0x0a, pickUp: UInt16 = 0x1bd

    static func keymap(_ hook: HookSwitch) -> [Keymap] {
        var keymap = TestKeymaps.phoneKeypad
        keymap.hook = hook
        return [keymap]
    }

    static func keypad(_ directory: TemporaryDirectory, keys: [UInt16] = [], switches: [UInt16] = []) throws -> FakeEvdevNode {
        try FakeEvdevNode(
            path: directory.join("event0"), name: "phone", keys: Array(TestDevices.matrixKeypadKeys) + keys, switches: switches, bus: 0x19)
    }

    func lines(_ wakeup: KeypadWakeup, _ directory: TemporaryDirectory) -> [String] {
        KeypadReaderTests.lines(wakeup, in: directory)
    }

    @Test("A switch's state is read at start and after a replug, then its events come as input")
    func switchHook() throws {
        let directory = try TemporaryDirectory()
        var node = try Self.keypad(directory, switches: [Self.slide])
        node.setSwitchOn(Self.slide, true)
        let discovery = DeviceDiscovery(inputDirectory: directory.path, keymaps: Self.keymap(.switch(Self.slide, liftedValue: 1)))
        let reader = try KeypadReader(discovery: discovery)
        #expect(lines(reader.start(), directory) == ["connected event0 phone-keypad grab", "hook event0 5:10 lifted", "grabbed event0"])

        try node.send([InputEvent(time: 5_000, type: EventType.switch, code: Self.slide, value: 0), .report(at: 5_000)])
        #expect(lines(try reader.wait(until: nil), directory) == ["input event0 5:10:0@5000 0:0:0@5000"])

        node.hangUp()
        node.remove()
        #expect(lines(try reader.wait(until: nil), directory).first == "disconnected event0 it was unplugged")
        // Plugged in again with the handset on its hook.
        node = try Self.keypad(directory, switches: [Self.slide])
        #expect(lines(try reader.wait(until: nil), directory) == ["connected event0 phone-keypad grab", "hook event0 5:10 on hook", "grabbed event0"])
    }

    @Test("A key that is the hook, held down at start, counts, and the grab does not wait for it")
    func keyHookHeldAtStart() throws {
        let directory = try TemporaryDirectory()
        let node = try Self.keypad(directory, keys: [Self.pickUp])
        node.setKeyDown(Self.pickUp, true)
        let discovery = DeviceDiscovery(inputDirectory: directory.path, keymaps: Self.keymap(.key(Self.pickUp, liftedValue: 0)))
        let reader = try KeypadReader(discovery: discovery)
        #expect(lines(reader.start(), directory) == ["connected event0 phone-keypad grab", "hook event0 1:445 on hook", "grabbed event0"])
        #expect(node.isGrabbed)
    }

    @Test("A keypad without the hook's switch is read, and says so")
    func missingSwitch() throws {
        let directory = try TemporaryDirectory()
        let node = try Self.keypad(directory)
        let discovery = DeviceDiscovery(inputDirectory: directory.path, keymaps: Self.keymap(.switch(Self.slide, liftedValue: 1)))
        let reader = try KeypadReader(discovery: discovery)
        let wakeup = reader.start()
        #expect(lines(wakeup, directory) == ["connected event0 phone-keypad grab", "hook event0 5:10 absent", "grabbed event0"])
        let message = wakeup.events.compactMap { if case .hookRead = $0 { $0.description } else { nil } }.first
        #expect(message?.contains("has no SW_KEYPAD_SLIDE, which its keymap's [hook] names") == true)
        #expect(node.isGrabbed)
    }
}
