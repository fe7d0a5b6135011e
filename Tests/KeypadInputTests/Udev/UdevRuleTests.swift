// SPDX-License-Identifier: Apache-2.0

import Evdev
@testable import KeypadInput
import SystemCalls
import Testing

@Suite("The udev rule for one device (t9dial udev-rule)")
struct UdevRuleTests {
    static let numpad = InputDeviceInfo(
        path: "/dev/input/event3", links: ["/dev/input/by-id/usb-05a4_USB_Numpad-event-kbd"], name: "USB Numpad",
        bus: 0x03, vendor: 0x05A4, product: 0x9759, keyCodes: TestDevices.numpadKeys
    )
    static let matrixKeypad = InputDeviceInfo(
        path: "/dev/input/event0", name: "matrix-keypad", bus: 0x19, keyCodes: TestDevices.matrixKeypadKeys
    )
    static let oddName = InputDeviceInfo(
        path: "/dev/input/event5", name: #"Bob's "Pad" [v2] *\|"#, bus: 0x03, vendor: 0xABCD, product: 0x00EF,
        keyCodes: TestDevices.numpadKeys
    )

    static func rule(_ device: InputDeviceInfo, requested: String? = nil) -> UdevRule {
        UdevRule(
            device: device, requestedPath: requested ?? device.path,
            classification: DeviceClassifier.classify(keys: device.keyCodes, keymaps: TestKeymaps.auto)
        )
    }

    @Test(
        "The rule matches the device's name and ids on its inputN parent",
        arguments: [
            (
                numpad,
                #"ACTION!="remove", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="USB Numpad", ATTRS{id/vendor}=="05a4", ATTRS{id/product}=="9759", ENV{T9DIAL_KEYPAD}="1""#
            ),
            (
                matrixKeypad,
                #"ACTION!="remove", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="matrix-keypad", ATTRS{id/vendor}=="0000", ATTRS{id/product}=="0000", ENV{T9DIAL_KEYPAD}="1""#
            ),
            // Quotes, backslashes, glob characters and | are each matched by ?.
            (
                oddName,
                #"ACTION!="remove", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="Bob's ?Pad? ?v2] ???", ATTRS{id/vendor}=="abcd", ATTRS{id/product}=="00ef", ENV{T9DIAL_KEYPAD}="1""#
            ),
        ]
    )
    func ruleLine(device: InputDeviceInfo, expected: String) {
        let rule = Self.rule(device)
        #expect(rule.rule == expected)
        #expect(rule.text.hasSuffix("\n\n" + expected + "\n"))
        #expect(rule.warnings.isEmpty)
    }

    @Test("The file says which device, how to install it, and nothing else")
    func wholeFile() {
        let requested = "/dev/input/by-id/usb-05a4_USB_Numpad-event-kbd"
        #expect(
            Self.rule(Self.numpad, requested: requested).text == """
                # t9dial: the device t9dial reads as its keypad, by its name and ids (made by t9dial udev-rule).
                #   device:         /dev/input/by-id/usb-05a4_USB_Numpad-event-kbd (now /dev/input/event3)
                #   name:           "USB Numpad"
                #   bus:            USB
                #   vendor:product  05a4:9759
                #
                # Install it as /etc/udev/rules.d/69-t9dial-local.rules, which sorts before t9dial's
                # 70-t9dial.rules (the rule that acts on T9DIAL_KEYPAD), and apply it:
                #   t9dial udev-rule --device /dev/input/by-id/usb-05a4_USB_Numpad-event-kbd | sudo tee /etc/udev/rules.d/69-t9dial-local.rules
                #   sudo udevadm control --reload
                #   sudo udevadm trigger --subsystem-match=input
                # Then /dev/input/t9dial-keypad leads to the device, and t9dial doctor checks the rest.

                ACTION!="remove", SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="USB Numpad", ATTRS{id/vendor}=="05a4", ATTRS{id/product}=="9759", ENV{T9DIAL_KEYPAD}="1"

                """
        )
    }

    @Test("A changed name is explained in the header, and a newline cannot end a comment")
    func oddNameHeader() {
        let text = Self.rule(Self.oddName).text
        #expect(text.contains(#"#   name:           "Bob's "Pad" [v2] *\|""#))
        #expect(text.contains("each is matched by ?, any one character"))
        let newline = InputDeviceInfo(path: "/dev/input/event6", name: "Two\nLines", keyCodes: TestDevices.numpadKeys)
        let lines = Self.rule(newline).text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("ACTION") })
        #expect(Self.rule(newline).rule.contains(#"ATTRS{name}=="Two?Lines""#))
    }

    @Test("A full keyboard or a device that is no keypad is warned about")
    func warnings() {
        let keyboard = InputDeviceInfo(path: "/dev/input/event1", name: "AT Keyboard", bus: 0x11, vendor: 1, product: 1, keyCodes: TestDevices.keyboardKeys)
        let rule = Self.rule(keyboard)
        #expect(rule.warnings.count == 1)
        #expect(rule.text.contains("# WARNING: this device is a full keyboard (it has letter keys): the rule gives all its keys to t9dial, grabbed"))
        let power = InputDeviceInfo(path: "/dev/input/event2", name: "Power Button", bus: 0x19, keyCodes: TestDevices.powerButtonKeys)
        #expect(
            Self.rule(power).warnings == [
                "t9dial cannot read this device as a keypad: not a keypad: it has the digits of none of the keymaps; it lacks all ten digits of keymap \"phone-keypad\"; all ten digits of keymap \"usb-numpad\"; all ten digits of keymap \"top-row\""
            ])
    }

    @Test("Permission denied says to run as root or with group input; other errors are as they are")
    func openingProblems() {
        let denied = EvdevError(path: "/dev/input/event3", errno: Errno(13), operation: .open)
        let message = UdevRule.openingProblem(denied, requestedPath: "/dev/input/by-id/kbd")
        #expect(message.hasPrefix("permission denied opening /dev/input/event3 (EACCES)"))
        #expect(message.contains("sudo t9dial udev-rule --device /dev/input/by-id/kbd"))
        #expect(message.contains("sudo -g input t9dial udev-rule --device /dev/input/by-id/kbd"))
        let missing = EvdevError(path: "/dev/input/by-id/kbd", errno: Errno(2), operation: .open)
        #expect(UdevRule.openingProblem(missing, requestedPath: "/dev/input/by-id/kbd") == missing.message)
    }
}
