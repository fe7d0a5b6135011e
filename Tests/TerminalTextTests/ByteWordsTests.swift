// SPDX-License-Identifier: Apache-2.0

import Testing
import TerminalText

@Suite("ByteWords")
struct ByteWordsTests {
    /// Every byte value, in each of a word's eight places among bytes that are none of those
    /// looked for: the word tests agree with the byte tests they stand for.
    @Test(arguments: [UInt8(0x41), 0x20, 0xFF, 0x80])
    func wordTestsAgreeWithByteTests(filler: UInt8) {
        for place in 0..<8 {
            for value in UInt8.min...UInt8.max {
                var bytes = [UInt8](repeating: filler, count: 8)
                bytes[place] = value
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                for limit: UInt8 in [1, 0x20, 0x80] {
                    #expect(ByteWords.anyBelow(word, limit) == bytes.contains { $0 < limit }, "\(bytes) below \(limit)")
                }
                for looked: UInt8 in [0x7F, 0xC2, 0x22, 0x5C] {
                    #expect(ByteWords.anyEqual(word, looked) == bytes.contains(looked), "\(bytes) holding \(looked)")
                }
            }
        }
    }

    /// A byte looked for at every place of texts of every length up to three words: found
    /// where the texts are read as whole words, in the overlapping last word, and in a text
    /// shorter than a word; a text without one is not.
    @Test(arguments: [UInt8(0x1B), 0x7F, 0xC2])
    func aByteIsFoundAtEveryPlace(looked: UInt8) {
        func scan(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { text in
                ByteWords.contains(text) { ByteWords.anyBelow($0, 0x20) || ByteWords.anyEqual($0, 0x7F) || ByteWords.anyEqual($0, 0xC2) }
            }
        }
        for length in 0...24 {
            let plain = [UInt8](repeating: UInt8(ascii: "e"), count: length)
            #expect(!scan(plain), "length \(length)")
            for place in 0..<length {
                var bytes = plain
                bytes[place] = looked
                #expect(scan(bytes), "length \(length), at \(place)")
            }
        }
    }
}
