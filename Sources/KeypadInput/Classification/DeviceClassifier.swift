// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
import Evdev
import InputEvents

/// Decides from a device's keys whether it is a dedicated keypad, a full keyboard or of no use
/// to t9dial. Pure: it looks at key codes only, so it is tested on plain values.
///
/// A device suits a keymap when it has a key for each of the ten digits in that keymap
/// (`Keymap.missingDigits(onDeviceWithKeys:)`: a numpad's KEY_KP0 and its NumLock-off
/// KEY_INSERT both type 0 in usb-numpad, and either will do).
public enum DeviceClassifier {
    /// KEY_A..KEY_Z, in the three rows of evdev's codes (Q-P 16-25, A-L 30-38, Z-M 44-50). A
    /// device with any of them is a keyboard rather than a keypad.
    public static let letterCodes: Set<UInt16> = Set(16...25).union(30...38).union(44...50)

    /// Classifies a device for one keymap.
    public static func classify(keys: Set<UInt16>, keymap: Keymap) -> DeviceClassification {
        classify(keys: keys, keymaps: [keymap])
    }

    /// Classifies a device for the keymaps given in order, as "auto" does (phone-keypad,
    /// usb-numpad, top-row): the first keymap it has all ten digits of is the one it is read
    /// with, keymaps for keyboards first when the device has letter keys.
    public static func classify(keys: Set<UInt16>, keymaps: [Keymap]) -> DeviceClassification {
        let hasLetters = !keys.isDisjoint(with: letterCodes)
        // A keyboard tries the keymaps for keyboards first, a keypad the others: a laptop
        // declares numpad codes, but its digits are the top row and its arrows are arrows.
        let ordered = keymaps.filter { $0.forKeyboards == hasLetters } + keymaps.filter { $0.forKeyboards != hasLetters }
        var missing: [DeviceClassification.MissingDigits] = []
        for keymap in ordered {
            let lacking = keymap.missingDigits(onDeviceWithKeys: keys)
            if lacking.isEmpty {
                return hasLetters
                    ? DeviceClassification(
                        kind: .fullKeyboard, keymap: keymap,
                        reason: "a full keyboard: it has the ten digits of keymap \"\(keymap.id)\" and letter keys too"
                    )
                    : DeviceClassification(
                        kind: .dedicatedKeypad, keymap: keymap,
                        reason: "a dedicated keypad: it has the ten digits of keymap \"\(keymap.id)\" and no letter keys"
                    )
            }
            missing.append(.init(keymapID: keymap.id, digits: lacking))
        }
        return DeviceClassification(
            kind: .doesNotQualify, keymap: nil, missing: missing,
            reason: notQualifyingReason(keys: keys, keymaps: ordered, missing: missing)
        )
    }

    private static func notQualifyingReason(
        keys: Set<UInt16>, keymaps: [Keymap], missing: [DeviceClassification.MissingDigits]
    ) -> String {
        if keymaps.isEmpty { return "not a keypad: there is no keymap to read it with" }
        if keys.isEmpty { return "not a keypad: it has no keys" }
        let parts = zip(keymaps, missing).map { keymap, lack in describe(lack, of: keymap) }
        if parts.count == 1 { return "not a keypad: it lacks \(parts[0])" }
        return "not a keypad: it has the digits of none of the keymaps; it lacks " + parts.joined(separator: "; ")
    }

    /// `digits 0 and 5 of keymap "usb-numpad" (KEY_KP0 or KEY_INSERT, KEY_KP5)`, or
    /// `all ten digits of keymap "phone-keypad"`.
    private static func describe(_ lack: DeviceClassification.MissingDigits, of keymap: Keymap) -> String {
        if lack.digits.count == 10 { return "all ten digits of keymap \"\(keymap.id)\"" }
        let keys = lack.digits.map { digit in
            keymap.roles.filter { $0.value == .digit(digit) }.keys.sorted()
                .map { EventCodes.keyName(of: $0) ?? "code \($0)" }
                .joined(separator: " or ")
        }
        var digitList = lack.digits.map(String.init)
        guard let last = digitList.popLast() else { return "nothing of keymap \"\(keymap.id)\"" }
        let digitText = digitList.isEmpty ? "digit \(last)" : "digits " + digitList.joined(separator: ", ") + " and " + last
        return "\(digitText) of keymap \"\(keymap.id)\" (\(keys.joined(separator: ", ")))"
    }
}
