// SPDX-License-Identifier: Apache-2.0

import EvdevTestSupport
import KeypadInput
import Testing

@Suite("The device report (t9dial devices)")
struct DeviceReportTests {
    @Test("Every node is listed with its links and classification, then what t9dial would read")
    func listing() throws {
        let directory = try TemporaryDirectory()
        let keypad = try FakeEvdevNode(path: directory.join("event2"), name: "USB Numpad", keys: Array(TestDevices.numpadKeys))
        let keyboard = try FakeEvdevNode(
            path: directory.join("event1"), name: "AT Keyboard", keys: Array(TestDevices.keyboardKeys), bus: 0x11, vendor: 1, product: 1
        )
        try directory.makeFile("event3")
        try directory.makeFolder("by-id")
        try directory.makeLink("by-id/usb-05a4_USB_Numpad-event-kbd", to: "../event2")
        let report = DeviceReport.scan(DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto))
        #expect(report.readsSomething)
        #expect(report.entries.map(\.path) == [keyboard.path, keypad.path, directory.join("event3")])
        let text = report.text.replacingOccurrences(of: directory.path, with: "DIR")
        #expect(
            text == """
                Input devices in DIR (keymaps phone-keypad, usb-numpad, top-row):

                DIR/event1  "AT Keyboard"  i8042 0001:0001
                    a full keyboard: it has the ten digits of keymap "top-row" and letter keys too

                DIR/event2  "USB Numpad"  USB 05a4:9759
                    link: DIR/by-id/usb-05a4_USB_Numpad-event-kbd
                    a dedicated keypad: it has the ten digits of keymap "usb-numpad" and no letter keys

                DIR/event3  cannot be opened
                    DIR/event3 is not an input device (ENOTTY): name an evdev node such as /dev/input/event0, or a link in /dev/input/by-id/; t9dial devices lists them

                t9dial would read (1 dedicated keypad found in DIR):
                  DIR/event2 "USB Numpad" (USB 05a4:9759), keymap usb-numpad, grabbed
                """
        )
    }

    @Test("Nothing that qualifies: the report says why, and reads nothing")
    func nothingQualifies() throws {
        let directory = try TemporaryDirectory()
        let power = try FakeEvdevNode(path: directory.join("event0"), name: "Power Button", keys: Array(TestDevices.powerButtonKeys), bus: 0x19)
        let report = DeviceReport.scan(DeviceDiscovery(inputDirectory: directory.path, keymaps: [TestKeymaps.usbNumpad]))
        #expect(report.entries.map(\.path) == [power.path])
        #expect(!report.readsSomething)
        #expect(report.text.contains("not a keypad: it lacks all ten digits of keymap \"usb-numpad\""))
        #expect(report.text.contains("t9dial would read nothing: no keypad among the 1 input device in \(directory.path)"))
    }

    @Test("No input directory: the report says what to check")
    func noDirectory() throws {
        let directory = try TemporaryDirectory()
        let report = DeviceReport.scan(DeviceDiscovery(inputDirectory: directory.join("input"), keymaps: TestKeymaps.auto))
        #expect(!report.readsSomething)
        #expect(report.text.hasPrefix("no input devices: \(directory.join("input")) does not exist.\nCheck: are you on the board"))
        #expect(report.text.contains("ls \(directory.join("input"))"))
    }
}
