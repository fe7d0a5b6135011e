// SPDX-License-Identifier: Apache-2.0

import Evdev
import EvdevTestSupport
import Glibc
import Testing

@Suite("Grabbing a device")
struct EvdevGrabTests {
    @Test("grab and ungrab reach the device (EVIOCGRAB)")
    func grabAndUngrab() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        let grabbedAtOpen = device.isGrabbed
        #expect(!grabbedAtOpen)
        try device.grab()
        let grabbed = device.isGrabbed
        #expect(grabbed)
        #expect(node.isGrabbed)
        try device.ungrab()
        let grabbedAfterUngrab = device.isGrabbed
        #expect(!grabbedAfterUngrab)
        #expect(!node.isGrabbed)
    }

    @Test("A device another program grabbed is .grabbedElsewhere, saying how to find it")
    func grabbedElsewhere() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        node.setGrabError(EBUSY)
        var device = try EvdevDevice(path: node.path)
        #expect {
            try device.grab()
        } throws: { error in
            let error = error as? EvdevError
            return error?.kind == .grabbedElsewhere && error?.message.contains("fuser -v \(node.path)") == true
        }
        let grabbed = device.isGrabbed
        #expect(!grabbed)
    }

    @Test("Changing the descriptor drops the grab, which belonged to the old one")
    func changeDescriptorDropsGrab() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(path: directory.join("event0"), name: "keypad", keys: keypadKeys)
        var device = try EvdevDevice(path: node.path)
        try device.grab()
        let pipe = try node.makePipe()
        try device.changeFileDescriptor(to: pipe.giveReadEnd())
        let grabbed = device.isGrabbed
        #expect(!grabbed)
    }
}
