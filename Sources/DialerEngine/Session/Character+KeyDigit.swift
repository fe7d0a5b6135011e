// SPDX-License-Identifier: Apache-2.0

extension Character {
    /// The character `0`...`9` that a digit key types.
    init(keyDigit digit: UInt8) {
        self.init(Unicode.Scalar(48 + min(digit, 9)))
    }
}
