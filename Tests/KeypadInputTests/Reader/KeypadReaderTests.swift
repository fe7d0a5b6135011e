// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Evdev
import EvdevTestSupport
import Glibc
import KeypadInput
import ProcessLoop
import Testing
import InputEvents

/// The reader end to end on a temporary input directory of fake nodes: libevdev reads them
/// (through CFakeEvdev's ioctls), poll waits on them, inotify sees them come and go.
@Suite("Reading keypads")
struct KeypadReaderTests {
    static let five = TestKeymaps.code("KEY_NUMERIC_5")

    /// Events as short lines ("connected event0 phone-keypad grab"), for whole-list checks.
    static func lines(_ wakeup: KeypadWakeup, in directory: TemporaryDirectory) -> [String] {
        lines(wakeup.events, in: directory)
    }

    static func lines(_ events: [KeypadEvent], in directory: TemporaryDirectory) -> [String] {
        func name(_ path: String) -> String { path.replacingOccurrences(of: directory.path + "/", with: "") }
        return events.map { event in
            switch event {
            case .connected(let choice):
                "connected \(name(choice.path)) \(choice.keymap.id)\(choice.grab ? " grab" : "")"
            case .grabbed(let path):
                "grabbed \(name(path))"
            case .hookRead(let path, let hook, let lifted):
                "hook \(name(path)) \(hook.type):\(hook.code) " + (lifted.map { $0 ? "lifted" : "on hook" } ?? "absent")
            case .input(let path, let events):
                "input \(name(path)) " + events.map { "\($0.type):\($0.code):\($0.value)@\($0.time)" }.joined(separator: " ")
            case .disconnected(let path, let reason, let releases):
                "disconnected \(name(path)) \(reason)" + releases.map { " \($0.type):\($0.code):\($0.value)@\($0.time)" }.joined()
            case .problem(let error):
                "problem \(name(error.path)) \(error.kind)"
            case .noKeypad(let explanation):
                "no keypad: \(explanation.replacingOccurrences(of: directory.path, with: "DIR"))"
            }
        }
    }

    static func keypad(_ directory: TemporaryDirectory, _ name: String = "event0") throws -> FakeEvdevNode {
        try FakeEvdevNode(path: directory.join(name), name: "matrix-keypad", keys: Array(TestDevices.matrixKeypadKeys), bus: 0x19)
    }

    @Test("A keypad is found, grabbed and read; unplugged mid-press, its held key is released")
    func readAndUnplug() throws {
        let directory = try TemporaryDirectory()
        let node = try Self.keypad(directory)
        let clock = ManualClock(9_000_000)
        let reader = try KeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto), clock: clock.clock)
        #expect(Self.lines(reader.start(), in: directory) == ["connected event0 phone-keypad grab", "grabbed event0"])
        #expect(node.isGrabbed)
        #expect(reader.devices.map(\.keymap.id) == ["phone-keypad"])

        try node.key(Self.five, KeyValue.press, at: 8_000_000)
        #expect(Self.lines(try reader.wait(until: nil), in: directory) == ["input event0 1:517:1@8000000 0:0:0@8000000"])

        node.hangUp()
        #expect(Self.lines(try reader.wait(until: nil), in: directory) == ["disconnected event0 it was unplugged 1:517:0@9000000 0:0:0@9000000"])
        #expect(reader.devices.isEmpty)
    }

    @Test("A keypad plugged in again is read again")
    func replug() throws {
        let directory = try TemporaryDirectory()
        var node = try Self.keypad(directory)
        let reader = try KeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto))
        #expect(Self.lines(reader.start(), in: directory) == ["connected event0 phone-keypad grab", "grabbed event0"])
        node.hangUp()
        node.remove()
        #expect(
            Self.lines(try reader.wait(until: nil), in: directory).first == "disconnected event0 it was unplugged"
        )
        node = try Self.keypad(directory)
        #expect(Self.lines(try reader.wait(until: nil), in: directory) == ["connected event0 phone-keypad grab", "grabbed event0"])
        try node.key(Self.five, KeyValue.press, at: 1_000)
        #expect(Self.lines(try reader.wait(until: nil), in: directory) == ["input event0 1:517:1@1000 0:0:0@1000"])
    }

    @Test("Started before the keypad is plugged in, it waits for the --device link and then reads it")
    func startedBeforePluggedIn() throws {
        let directory = try TemporaryDirectory()
        let link = directory.join("by-id/platform-matrix-keypad-event")
        let reader = try KeypadReader(
            discovery: DeviceDiscovery(inputDirectory: directory.path, namedDevice: link, keymaps: [TestKeymaps.phoneKeypad])
        )
        #expect(
            Self.lines(reader.start(), in: directory) == [
                "no keypad: --device DIR/by-id/platform-matrix-keypad-event: nothing is there yet (t9dial run waits for it); "
                    + "is the keypad plugged in? ls -l DIR/by-id/platform-matrix-keypad-event"
            ]
        )
        let node = try Self.keypad(directory, "event3")
        try directory.makeFolder("by-id")
        try directory.makeLink("by-id/platform-matrix-keypad-event", to: "../event3")
        #expect(Self.lines(try reader.wait(until: nil), in: directory) == ["connected event3 phone-keypad grab", "grabbed event3"])
        #expect(node.isGrabbed)
    }

    @Test("A key down at start delays the grab until it is released")
    func grabWaitsForRelease() throws {
        let directory = try TemporaryDirectory()
        let node = try Self.keypad(directory)
        node.setKeyDown(Self.five, true)
        let reader = try KeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto))
        #expect(Self.lines(reader.start(), in: directory) == ["connected event0 phone-keypad grab"])
        #expect(!node.isGrabbed)
        node.setKeyDown(Self.five, false)
        try node.key(Self.five, KeyValue.release, at: 2_000)
        #expect(Self.lines(try reader.wait(until: nil), in: directory) == ["input event0 1:517:0@2000 0:0:0@2000", "grabbed event0"])
        #expect(node.isGrabbed)
    }

    @Test("--no-grab reads a keypad without grabbing it")
    func noGrab() throws {
        let directory = try TemporaryDirectory()
        let node = try Self.keypad(directory)
        let reader = try KeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto, grab: false))
        #expect(Self.lines(reader.start(), in: directory) == ["connected event0 phone-keypad"])
        #expect(!node.isGrabbed)
    }

    @Test("Full keyboards are read shared until a keypad is plugged in, which replaces them")
    func keypadReplacesKeyboards() throws {
        let directory = try TemporaryDirectory()
        let keyboard = try FakeEvdevNode(path: directory.join("event1"), name: "AT Keyboard", keys: Array(TestDevices.keyboardKeys), bus: 0x11)
        let clock = ManualClock(5_000_000)
        let reader = try KeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto), clock: clock.clock)
        #expect(Self.lines(reader.start(), in: directory) == ["connected event1 top-row"])
        #expect(!keyboard.isGrabbed)
        let kp7 = TestKeymaps.code("KEY_KP7")
        try keyboard.key(kp7, KeyValue.press, at: 4_000_000)
        _ = try reader.wait(until: nil)

        let keypad = try Self.keypad(directory, "event2")
        #expect(
            Self.lines(try reader.wait(until: nil), in: directory) == [
                "disconnected event1 another device is read instead 1:71:0@5000000 0:0:0@5000000",
                "connected event2 phone-keypad grab", "grabbed event2",
            ]
        )
        #expect(keypad.isGrabbed)
    }

    @Test("A device unplugged while libevdev resyncs it (ENODEV) is let go after its events")
    func vanishesWhileSyncing() throws {
        let directory = try TemporaryDirectory()
        let node = try Self.keypad(directory)
        let clock = ManualClock(3_000)
        let reader = try KeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto), clock: clock.clock)
        _ = reader.start()
        try node.send([.key(Self.five, KeyValue.press, at: 1_000), .report(at: 1_000), .dropped(at: 2_000)])
        node.setVanished()
        #expect(
            Self.lines(try reader.wait(until: nil), in: directory) == [
                "input event0 1:517:1@1000 0:0:0@1000 0:3:0@2000",
                "disconnected event0 it was unplugged 1:517:0@3000 0:0:0@3000",
            ]
        )
    }

    @Test("A device that cannot be opened is reported once, not at every rescan")
    func problemReportedOnce() throws {
        let directory = try TemporaryDirectory()
        let keypad = try Self.keypad(directory)
        try directory.makeFile("event1")
        let reader = try KeypadReader(
            discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto),
            opener: { path throws(EvdevError) in
                if path.hasSuffix("/event1") { throw EvdevError(path: path, errno: EACCES, operation: .open) }
                return try EvdevDevice(path: path)
            }
        )
        #expect(Self.lines(reader.start(), in: directory) == ["problem event1 permissionDenied", "connected event0 phone-keypad grab", "grabbed event0"])
        chmod(directory.join("event1"), 0o640)
        #expect(Self.lines(try reader.wait(until: nil), in: directory).isEmpty)
        #expect(keypad.isGrabbed)
    }

    @Test("A node that appears unreadable is reported only if udev has not fixed it after the settle delay")
    func newNodeSettles() throws {
        let directory = try TemporaryDirectory()
        let reader = try KeypadReader(
            discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto),
            settleDelay: 20_000,
            opener: { path throws(EvdevError) in throw EvdevError(path: path, errno: EACCES, operation: .open) }
        )
        #expect(Self.lines(reader.start(), in: directory) == ["no keypad: no input devices in DIR; is the keypad plugged in? are you on the board? ls -l DIR"])
        try directory.makeFile("event4")
        let first = Self.lines(try reader.wait(until: nil), in: directory)
        #expect(!first.contains("problem event4 permissionDenied"))
        var later: [String] = []
        while !later.contains("problem event4 permissionDenied") {
            later = Self.lines(try reader.wait(until: nil), in: directory)
        }
        #expect(later.first == "problem event4 permissionDenied")
    }

    @Test("A named device that is not a keypad is not read, and the reason is given once")
    func namedDeviceUnsuitable() throws {
        let directory = try TemporaryDirectory()
        let power = try FakeEvdevNode(
            path: directory.join("event0"), name: "Power Button", keys: Array(TestDevices.powerButtonKeys), bus: 0x19, vendor: 0, product: 0)
        let reader = try KeypadReader(
            discovery: DeviceDiscovery(inputDirectory: directory.path, namedDevice: power.path, keymaps: [TestKeymaps.phoneKeypad])
        )
        let lines = Self.lines(reader.start(), in: directory)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("no keypad: --device DIR/event0 (DIR/event0 \"Power Button\" (host 0000:0000)) cannot be read as a keypad") == true)
        try directory.makeFile("event5")
        #expect(try reader.wait(until: nil).events.isEmpty)
    }

    @Test("With nothing plugged in the reader waits on the hotplug watch alone, until the caller's deadline")
    func sourcesAndDeadline() throws {
        let directory = try TemporaryDirectory()
        let reader = try KeypadReader(discovery: DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto))
        _ = reader.start()
        #expect(reader.sources.map(\.tag) == [.hotplug])
        let deadline = MonotonicClock.system.now() + 10_000
        let wakeup = try reader.wait(until: deadline)
        #expect(wakeup.events.isEmpty)
        #expect(wakeup.time >= deadline)
    }
}
