// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import T9Search

/// A name folded in a `FoldBuffer` is the `KeyedText` of that name: the same keys, words and
/// scalar ranges, one name after another in the same buffer, and after it grows.
@Suite struct FoldBufferTests {
    static let names = [
        "Fred Smith", "Hair-Studio", "Straße", "e\u{301}mile Zola", "  ", "", "周秀英 Chen", "Ωmega ß ǅ",
        String(repeating: "Bartholomew ", count: 30) + "Ng", "Al", "Łukasz Ćwik-Żurek",
    ]

    @Test func foldsAsKeyedTextDoes() {
        var cache = FoldCache(alphabet: Fixtures.alphabet)
        let buffer = FoldBuffer()
        for name in Self.names + Self.names.reversed() {
            let expected = KeyedText(name, alphabet: Fixtures.alphabet)
            Array(name.utf8).withUnsafeBufferPointer { bytes in
                let folded = buffer.fold(name: bytes, cache: &cache)
                #expect(Array(folded.keys) == expected.keys, "\(name)")
                #expect(Array(folded.words) == expected.words, "\(name)")
                for key in expected.keys.indices {
                    #expect(folded.scalarRange(ofKeys: key..<(key + 1)) == expected.scalarRange(ofKeys: key..<(key + 1)), "\(name) key \(key)")
                }
            }
        }
    }

    static let numbers = ["+44 121 065 2573", "(510) 555-0199", "", "ext.", "０３-１２３４", "١٢٣ 45", String(repeating: "12-", count: 200)]

    @Test func foldsNumbersAsKeyedTextDoes() {
        let buffer = FoldBuffer()
        var cache = FoldCache(alphabet: Fixtures.alphabet)
        // Names between the numbers: one buffer folds both, one after the other.
        for number in Self.numbers + ["Straße"] + Self.numbers.reversed() {
            var expected = KeyedText()
            expected.reset(number: number)
            _ = Array("Zoë".utf8).withUnsafeBufferPointer { buffer.fold(name: $0, cache: &cache) }
            Array(number.utf8).withUnsafeBufferPointer { bytes in
                let folded = buffer.fold(number: bytes)
                #expect(Array(folded.keys) == expected.keys, "\(number)")
                #expect(Array(folded.words) == expected.words, "\(number)")
                #expect(
                    folded.scalarRanges(ofKeys: expected.keys.indices.map { $0..<($0 + 1) })
                        == expected.keys.indices.map { expected.scalarRange(ofKeys: $0..<($0 + 1)) }, "\(number)")
            }
        }
    }
}
