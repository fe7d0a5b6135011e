// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    @Test(
        "UTF-8 validation agrees with the standard library",
        arguments: [
            [0x41, 0x42], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
            [0x80], [0xC3], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x41, 0xFF, 0x42], [],
        ] as [[UInt8]])
    func utf8Validation(bytes: [UInt8]) {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) } == expected)
        #expect(bytes.withUnsafeBufferPointer { TextCharset.utf8.decode($0) }.replacedInvalidBytes == !expected)
    }
}
