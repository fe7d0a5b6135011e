// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import Evdev
import EvdevTestSupport
import Glibc
import KeypadInput
import Testing

/// The choice among devices, on `InputDeviceInfo` values: no device has to exist.
@Suite("Choosing devices")
struct DeviceChoiceTests {
    static let keypad = InputDeviceInfo(path: "/dev/input/event4", name: "matrix-keypad", bus: 0x19, keyCodes: TestDevices.matrixKeypadKeys)
    static let numpad = InputDeviceInfo(path: "/dev/input/event7", name: "USB Numpad", bus: 0x03, keyCodes: TestDevices.numpadKeys)
    static let keyboard = InputDeviceInfo(path: "/dev/input/event2", name: "AT Keyboard", bus: 0x11, keyCodes: TestDevices.keyboardKeys)
    static let laptop = InputDeviceInfo(path: "/dev/input/event3", name: "Laptop Keyboard", bus: 0x11, keyCodes: TestDevices.laptopKeys)
    static let power = InputDeviceInfo(path: "/dev/input/event0", name: "Power Button", bus: 0x19, keyCodes: TestDevices.powerButtonKeys)

    let discovery = DeviceDiscovery(keymaps: TestKeymaps.auto)

    @Test("Dedicated keypads win over full keyboards, and are grabbed")
    func keypadsWin() {
        let selection = discovery.choose(from: [Self.power, Self.keyboard, Self.keypad, Self.numpad], source: .allDevices)
        #expect(selection.chosen.map(\.path) == ["/dev/input/event4", "/dev/input/event7"])
        #expect(selection.chosen.map(\.keymap.id) == ["phone-keypad", "usb-numpad"])
        #expect(selection.chosen.map(\.grab) == [true, true])
        #expect(selection.classified.count == 4)
        #expect(selection.explanation == "2 dedicated keypads found in /dev/input")
    }

    @Test("With only full keyboards, all of them are read, and none is grabbed")
    func keyboardsOnly() {
        let selection = discovery.choose(from: [Self.power, Self.keyboard, Self.laptop], source: .allDevices)
        #expect(selection.chosen.map(\.path) == ["/dev/input/event2", "/dev/input/event3"])
        #expect(selection.chosen.map(\.keymap.id) == ["top-row", "top-row"])
        #expect(selection.chosen.map(\.grab) == [false, false])
        #expect(selection.explanation.contains("no dedicated keypad found"))
        #expect(selection.explanation.contains("2 full keyboards, shared with other programs"))
    }

    @Test("--no-grab shares a keypad too")
    func noGrab() {
        let sharing = DeviceDiscovery(keymaps: TestKeymaps.auto, grab: false)
        #expect(sharing.choose(from: [Self.keypad], source: .allDevices).chosen.map(\.grab) == [false])
    }

    @Test("Nothing qualifies: the explanation says what to check")
    func nothingQualifies() {
        let selection = discovery.choose(from: [Self.power], source: .allDevices)
        #expect(selection.chosen.isEmpty)
        #expect(
            selection.explanation
                == "no keypad among the 1 input device in /dev/input; is the keypad plugged in? are you on the board? "
                + "ls -l /dev/input; t9dial devices says what each device lacks"
        )
    }

    @Test("No devices at all, and devices that could not be opened, are said so")
    func noDevices() {
        #expect(
            discovery.choose(from: [], source: .allDevices).explanation
                == "no input devices in /dev/input; is the keypad plugged in? are you on the board? ls -l /dev/input"
        )
        let denied = EvdevError(path: "/dev/input/event5", errno: EACCES, operation: .open)
        let explanation = discovery.choose(from: [Self.power], source: .allDevices, unreadable: [denied]).explanation
        #expect(explanation.hasPrefix("no keypad among the 2 input devices in /dev/input (1 device could not be opened: permission denied"))
    }

    @Test("A device named with --device is read alone and grabbed, even a full keyboard")
    func namedDevice() {
        let source = DeviceDiscovery.Source.named("/dev/input/by-id/usb-kbd", node: "/dev/input/event2")
        let selection = discovery.choose(from: [Self.keyboard], source: source)
        #expect(selection.chosen.map(\.path) == ["/dev/input/event2"])
        #expect(selection.chosen.map(\.grab) == [true])
        #expect(selection.explanation.hasPrefix("--device /dev/input/by-id/usb-kbd: /dev/input/event2 \"AT Keyboard\""))
    }

    @Test("A named device that does not qualify is not read, and the reason says why")
    func namedDeviceUnsuitable() {
        let source = DeviceDiscovery.Source.named("/dev/input/event0", node: "/dev/input/event0")
        let selection = discovery.choose(from: [Self.power], source: source)
        #expect(selection.chosen.isEmpty)
        #expect(
            selection.explanation.hasPrefix(
                "--device /dev/input/event0 (/dev/input/event0 \"Power Button\" (host 0000:0000)) cannot be read as a keypad: not a keypad"))
    }

    @Test("A named device that is not there yet is waited for")
    func namedDeviceMissing() {
        let selection = discovery.choose(from: [], source: .named("/dev/input/by-id/usb-numpad", node: nil))
        #expect(selection.chosen.isEmpty)
        #expect(
            selection.explanation
                == "--device /dev/input/by-id/usb-numpad: nothing is there yet (t9dial run waits for it); "
                + "is the keypad plugged in? ls -l /dev/input/by-id/usb-numpad"
        )
    }

    @Test("A named device that could not be opened says why")
    func namedDeviceUnreadable() {
        let denied = EvdevError(path: "/dev/input/event7", errno: EACCES, operation: .open)
        let selection = discovery.choose(from: [], source: .named("/dev/input/event7", node: "/dev/input/event7"), unreadable: [denied])
        #expect(selection.explanation.hasPrefix("--device /dev/input/event7 (/dev/input/event7) could not be opened: permission denied"))
    }

    /// `t9dial monitor` reads every device, shared, one that no keymap fits with none.
    @Test(
        "For the monitor, every device is read, shared; one no keymap fits has the empty keymap",
        arguments: [
            ([keypad, numpad, keyboard, power], ["phone-keypad", "usb-numpad", "top-row", "none"]),
            ([power], ["none"]),
            ([keyboard, laptop], ["top-row", "top-row"]),
        ])
    func everyDeviceForTheMonitor(devices: [InputDeviceInfo], keymaps: [String]) {
        let monitor = DeviceDiscovery(keymaps: TestKeymaps.auto, everyDevice: true)
        let selection = monitor.choose(from: devices, source: .allDevices)
        #expect(selection.chosen.map(\.path) == devices.map(\.path))
        #expect(selection.chosen.map(\.keymap.id) == keymaps)
        #expect(selection.chosen.allSatisfy { !$0.grab })
        #expect(selection.explanation == "\(devices.count) input device\(devices.count == 1 ? "" : "s") in /dev/input")
    }

    @Test("For the monitor, a named device no keymap fits is read with the empty keymap, shared")
    func namedDeviceForTheMonitor() {
        let monitor = DeviceDiscovery(namedDevice: "/dev/input/event0", keymaps: TestKeymaps.auto, everyDevice: true)
        let selection = monitor.choose(from: [Self.power], source: .named("/dev/input/event0", node: "/dev/input/event0"))
        #expect(selection.chosen.map(\.keymap) == [Keymap.none])
        #expect(selection.chosen.map(\.grab) == [false])
    }

    @Test("The udev rule's link chooses its device alone, grabbed")
    func udevLink() {
        let source = DeviceDiscovery.Source.udevLink("/dev/input/t9dial-keypad", node: "/dev/input/event7")
        let selection = discovery.choose(from: [Self.numpad], source: source)
        #expect(selection.chosen.map(\.path) == ["/dev/input/event7"])
        #expect(selection.chosen.map(\.grab) == [true])
        #expect(selection.explanation.hasPrefix("the udev link /dev/input/t9dial-keypad: "))
    }
}

/// Where discovery looks, on a temporary input directory with real links.
@Suite("Discovery sources")
struct DeviceDiscoverySourceTests {
    @Test("--device comes first, with its links resolved")
    func namedFirst() throws {
        let directory = try TemporaryDirectory()
        try directory.makeFile("event3")
        try directory.makeFolder("by-id")
        try directory.makeLink("by-id/usb-Numpad-event-kbd", to: "../event3")
        try directory.makeLink(DeviceDiscovery.udevLinkName, to: "event3")
        let named = DeviceDiscovery(inputDirectory: directory.path, namedDevice: directory.join("by-id/usb-Numpad-event-kbd"), keymaps: TestKeymaps.auto)
        let source = named.currentSource()
        #expect(source == .named(directory.join("by-id/usb-Numpad-event-kbd"), node: directory.join("event3")))
        #expect(named.candidates(for: source) == [directory.join("event3")])
    }

    @Test("A --device that is not there yet has no node")
    func namedMissing() throws {
        let directory = try TemporaryDirectory()
        let named = DeviceDiscovery(inputDirectory: directory.path, namedDevice: directory.join("by-id/usb-Numpad-event-kbd"), keymaps: TestKeymaps.auto)
        #expect(named.currentSource() == .named(directory.join("by-id/usb-Numpad-event-kbd"), node: nil))
        #expect(named.candidates(for: named.currentSource()).isEmpty)
    }

    @Test("Else the udev link, when it leads somewhere")
    func udevLinkNext() throws {
        let directory = try TemporaryDirectory()
        try directory.makeFile("event3")
        try directory.makeLink(DeviceDiscovery.udevLinkName, to: "event3")
        let discovery = DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto)
        #expect(discovery.currentSource() == .udevLink(directory.join("t9dial-keypad"), node: directory.join("event3")))
    }

    @Test("Else every event node, in numeric order; a dangling udev link is ignored")
    func allDevicesLast() throws {
        let directory = try TemporaryDirectory()
        for name in ["event10", "event2", "mouse0", "event1", "eventX"] { try directory.makeFile(name) }
        try directory.makeLink(DeviceDiscovery.udevLinkName, to: "event99")
        let discovery = DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto)
        #expect(discovery.currentSource() == .allDevices)
        #expect(discovery.candidates(for: .allDevices) == ["event1", "event2", "event10"].map(directory.join))
    }

    @Test("For the monitor, every event node even with the udev link there")
    func monitorIgnoresTheUdevLink() throws {
        let directory = try TemporaryDirectory()
        for name in ["event3", "event4"] { try directory.makeFile(name) }
        try directory.makeLink(DeviceDiscovery.udevLinkName, to: "event3")
        let monitor = DeviceDiscovery(inputDirectory: directory.path, keymaps: TestKeymaps.auto, everyDevice: true)
        #expect(monitor.currentSource() == .allDevices)
        #expect(monitor.candidates(for: .allDevices) == ["event3", "event4"].map(directory.join))
    }

    @Test("A missing input directory has no devices")
    func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        let discovery = DeviceDiscovery(inputDirectory: directory.join("input"), keymaps: TestKeymaps.auto)
        #expect(discovery.currentSource() == .allDevices)
        #expect(discovery.candidates(for: .allDevices).isEmpty)
    }
}
