// SPDX-License-Identifier: Apache-2.0

/// Whether a keymap suits a device, judged by the key codes the device says it has.
extension Keymap {
    /// The digits, 0 to 9, that no key of a device with `keyCodes` types with this keymap; empty
    /// when every digit can be typed.
    public func missingDigits(onDeviceWithKeys keyCodes: Set<UInt16>) -> [UInt8] {
        var typed: Set<UInt8> = []
        for code in keyCodes {
            if case .digit(let digit) = roles[code] { typed.insert(digit) }
        }
        return (0...9).filter { !typed.contains($0) }
    }
}
