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
}
