// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Evdev
import EvdevTestSupport
import Glibc
import Testing
import InputEvents

/// The phone keypad's codes: KEY_NUMERIC_0..9, STAR and POUND (0x200...0x20b).
let keypadKeys: [UInt16] = Array(0x200...0x20B)
let numeric5: UInt16 = 0x205
let numeric6: UInt16 = 0x206

@Suite("Opening a device")
struct EvdevDeviceTests {
    @Test("libevdev reads the fake node's description through the interposed ioctls")
    func description() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(
            path: directory.join("event0"), name: "matrix-keypad", keys: keypadKeys, bus: 0x19, vendor: 0x0001,
            product: 0x0002, phys: "gpio-keys/input0"
        )
        let device = try EvdevDevice(path: node.path)
        #expect(node.ioctlCount > 0)
        #expect(device.path == node.path)
        #expect(device.name == "matrix-keypad")
        #expect(device.bus == 0x19)
        #expect(device.vendor == 0x0001)
        #expect(device.product == 0x0002)
        #expect(device.version == 1)
        #expect(device.phys == "gpio-keys/input0")
        #expect(device.uniq == nil)
        #expect(device.keyCodes == keypadKeys)
        let hasDigit = device.hasKey(numeric5)
        let hasLetter = device.hasKey(30)
        #expect(hasDigit)
        #expect(!hasLetter)
        #expect(device.fileDescriptor.rawValue >= 0)
    }

    @Test("Events are stamped with CLOCK_MONOTONIC")
    func monotonicClock() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        _ = try EvdevDevice(path: node.path)
        #expect(node.clockID == CLOCK_MONOTONIC)
    }

    @Test("A missing node is 'no such device'")
    func missingNode() throws {
        let directory = try TemporaryDirectory()
        #expect {
            _ = try EvdevDevice(path: directory.join("event9"))
        } throws: { error in
            let error = error as? EvdevError
            return error?.kind == .noSuchDevice && error?.errno.rawValue == ENOENT && error?.operation == .open
        }
    }

    @Test("An ordinary file is 'not an input device' (ENOTTY from libevdev's first ioctl)")
    func ordinaryFile() throws {
        let directory = try TemporaryDirectory()
        try directory.makeFile("event0")
        #expect {
            _ = try EvdevDevice(path: directory.join("event0"))
        } throws: { error in
            let error = error as? EvdevError
            return error?.kind == .notAnInputDevice && error?.errno.rawValue == ENOTTY
        }
    }

    @Test("Key state comes from the kernel at open, then follows the events read")
    func keyState() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        node.setKeyDown(numeric5, true)
        var device = try EvdevDevice(path: node.path)
        let downAtOpen = device.isKeyDown(numeric5)
        let anyDownAtOpen = device.anyKeyDown
        #expect(downAtOpen)
        #expect(anyDownAtOpen)
        try node.key(numeric5, KeyValue.release, at: 1_000)
        _ = try device.readEvents()
        let downAfterRelease = device.isKeyDown(numeric5)
        let anyDownAfterRelease = device.anyKeyDown
        #expect(!downAfterRelease)
        #expect(!anyDownAfterRelease)
    }
}
