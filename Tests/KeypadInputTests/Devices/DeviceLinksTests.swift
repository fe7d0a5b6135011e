// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import EvdevTestSupport
import KeypadInput
import Testing

@Suite("Device nodes and links")
struct DeviceLinksTests {
    @Test("The by-id, by-path and udev links to a node are found, and only those")
    func links() throws {
        let directory = try TemporaryDirectory()
        try directory.makeFile("event3")
        try directory.makeFile("event4")
        try directory.makeFolder("by-id")
        try directory.makeFolder("by-path")
        try directory.makeLink("by-id/usb-Numpad-event-kbd", to: "../event3")
        try directory.makeLink("by-id/usb-Mouse-event-mouse", to: "../event4")
        try directory.makeLink("by-path/pci-0000:00:14.0-usb-0:2:1.0-event-kbd", to: directory.join("event3"))
        try directory.makeLink("t9dial-keypad", to: "event3")
        #expect(
            DeviceLinks.links(to: directory.join("event3"), in: directory.path) == [
                directory.join("t9dial-keypad"),
                directory.join("by-id/usb-Numpad-event-kbd"),
                directory.join("by-path/pci-0000:00:14.0-usb-0:2:1.0-event-kbd"),
            ]
        )
        #expect(DeviceLinks.resolve(directory.join("by-id/usb-Numpad-event-kbd")) == directory.join("event3"))
        #expect(DeviceLinks.resolve(directory.join("by-id/nothing")) == nil)
    }

    @Test("A device read from a fake node has its description and links")
    func infoFromDevice() throws {
        let directory = try TemporaryDirectory()
        let node = try FakeEvdevNode(
            path: directory.join("event5"), name: "USB Numpad", keys: Array(TestDevices.numpadKeys), bus: 0x03, vendor: 0x05A4,
            product: 0x9759
        )
        try directory.makeFolder("by-id")
        try directory.makeLink("by-id/usb-05a4_USB_Numpad-event-kbd", to: "../event5")
        let info = try InputDeviceInfo.read(path: directory.join("by-id/usb-05a4_USB_Numpad-event-kbd"), inputDirectory: directory.path)
        #expect(info.path == node.path)
        #expect(info.name == "USB Numpad")
        #expect(info.busName == "USB")
        #expect(info.vendorProduct == "05a4:9759")
        #expect(info.keyCodes == TestDevices.numpadKeys)
        #expect(info.byIDLink == directory.join("by-id/usb-05a4_USB_Numpad-event-kbd"))
        #expect(info.description == "\(node.path) \"USB Numpad\" (USB 05a4:9759)")
    }
}
