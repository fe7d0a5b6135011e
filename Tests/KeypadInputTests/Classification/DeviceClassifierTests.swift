// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import KeypadInput
import Testing

@Suite("Classifying devices")
struct DeviceClassifierTests {
    @Test("A GPIO matrix keypad is a dedicated keypad, read with phone-keypad")
    func matrixKeypad() {
        let result = DeviceClassifier.classify(keys: TestDevices.matrixKeypadKeys, keymaps: TestKeymaps.auto)
        #expect(result.kind == .dedicatedKeypad)
        #expect(result.keymap?.id == "phone-keypad")
        #expect(result.qualifies)
        #expect(result.reason == "a dedicated keypad: it has the ten digits of keymap \"phone-keypad\" and no letter keys")
    }

    @Test("A USB numpad is a dedicated keypad, read with usb-numpad")
    func numpad() {
        let result = DeviceClassifier.classify(keys: TestDevices.numpadKeys, keymaps: TestKeymaps.auto)
        #expect(result.kind == .dedicatedKeypad)
        #expect(result.keymap?.id == "usb-numpad")
    }

    @Test("A keyboard with a numpad is a full keyboard, read with the keymap for keyboards, so its arrows stay arrows")
    func keyboard() {
        let result = DeviceClassifier.classify(keys: TestDevices.keyboardKeys, keymaps: TestKeymaps.auto)
        #expect(result.kind == .fullKeyboard)
        #expect(result.keymap?.id == "top-row")
        #expect(result.reason.hasPrefix("a full keyboard: it has the ten digits of keymap \"top-row\" and letter keys"))
    }

    @Test("A keypad tries the keymaps for keypads first, even when it has top-row digit codes too")
    func keypadWithTopRowCodes() {
        let keys = TestDevices.numpadKeys.union(TestKeymaps.codes((0...9).map { "KEY_\($0)" }))
        #expect(DeviceClassifier.classify(keys: keys, keymaps: TestKeymaps.auto).keymap?.id == "usb-numpad")
    }

    @Test("A laptop keyboard without a numpad falls through to top-row")
    func laptop() {
        let result = DeviceClassifier.classify(keys: TestDevices.laptopKeys, keymaps: TestKeymaps.auto)
        #expect(result.kind == .fullKeyboard)
        #expect(result.keymap?.id == "top-row")
    }

    @Test("The order of the keymaps decides among those a device fits")
    func keymapOrder() {
        let both = TestDevices.matrixKeypadKeys.union(TestDevices.numpadKeys)
        #expect(DeviceClassifier.classify(keys: both, keymaps: TestKeymaps.auto).keymap?.id == "phone-keypad")
        #expect(
            DeviceClassifier.classify(keys: both, keymaps: [TestKeymaps.usbNumpad, TestKeymaps.phoneKeypad]).keymap?.id
                == "usb-numpad"
        )
    }

    @Test("A digit may come from any key the keymap gives it: KEY_INSERT types 0 on a numpad")
    func alternativeKeys() {
        var keys = TestDevices.numpadKeys
        keys.remove(TestKeymaps.code("KEY_KP0"))
        keys.insert(TestKeymaps.code("KEY_INSERT"))
        #expect(DeviceClassifier.classify(keys: keys, keymap: TestKeymaps.usbNumpad).kind == .dedicatedKeypad)
    }

    @Test("A keypad lacking digits does not qualify, and the reason names them and their keys")
    func missingDigits() {
        var keys = TestDevices.numpadKeys
        keys.subtract(TestKeymaps.codes(["KEY_KP0", "KEY_KP5"]))
        let result = DeviceClassifier.classify(keys: keys, keymap: TestKeymaps.usbNumpad)
        #expect(result.kind == .doesNotQualify)
        #expect(result.keymap == nil)
        #expect(result.missing == [.init(keymapID: "usb-numpad", digits: [0, 5])])
        #expect(result.reason == "not a keypad: it lacks digits 0 and 5 of keymap \"usb-numpad\" (KEY_KP0 or KEY_INSERT, KEY_KP5)")
    }

    @Test("One missing digit is said in the singular")
    func oneMissingDigit() {
        var keys = TestDevices.matrixKeypadKeys
        keys.remove(TestKeymaps.code("KEY_NUMERIC_7"))
        let result = DeviceClassifier.classify(keys: keys, keymap: TestKeymaps.phoneKeypad)
        #expect(result.reason == "not a keypad: it lacks digit 7 of keymap \"phone-keypad\" (KEY_NUMERIC_7)")
    }

    @Test("With auto, a device that fits no keymap says what it lacks for each")
    func fitsNone() {
        let result = DeviceClassifier.classify(keys: TestDevices.powerButtonKeys, keymaps: TestKeymaps.auto)
        #expect(result.kind == .doesNotQualify)
        #expect(result.missing.map(\.keymapID) == ["phone-keypad", "usb-numpad", "top-row"])
        #expect(
            result.reason
                == "not a keypad: it has the digits of none of the keymaps; it lacks all ten digits of keymap \"phone-keypad\"; "
                + "all ten digits of keymap \"usb-numpad\"; all ten digits of keymap \"top-row\""
        )
    }

    @Test("A device with no keys (a mouse, an accelerometer) says so")
    func noKeys() {
        #expect(DeviceClassifier.classify(keys: [], keymaps: TestKeymaps.auto).reason == "not a keypad: it has no keys")
    }

    @Test("Any letter key makes a keyboard: KEY_Q, KEY_A and KEY_Z rows are all letters")
    func letterCodes() {
        #expect(DeviceClassifier.letterCodes.count == 26)
        #expect(DeviceClassifier.letterCodes == TestKeymaps.codes(TestDevices.letters))
        let keypadWithQ = TestDevices.matrixKeypadKeys.union([TestKeymaps.code("KEY_Q")])
        #expect(DeviceClassifier.classify(keys: keypadWithQ, keymap: TestKeymaps.phoneKeypad).kind == .fullKeyboard)
    }
}
