// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import T9Search

/// The sorted tables' radix sort, against a plain comparison sort of the same keys.
@Suite("Sorting pool keys")
struct KeyTableTests {
    /// Key sets that take each path of the sort: short ranges (insertion sort), long ranges
    /// (buckets), keys that are prefixes of others, equal keys (ordered by offset), long shared
    /// prefixes (many passes), and a letter alphabet wider than the ten keys.
    static let cases: [(name: String, keys: [[UInt8]], alphabet: Int)] = [
        ("a few keys", [[2, 3], [2], [1, 9, 9], [2, 3]], 11),
        ("many random keys", randomKeys(count: 5_000, maxLength: 8, alphabet: 10, seed: 1), 11),
        ("many equal and prefix keys", randomKeys(count: 3_000, maxLength: 2, alphabet: 3, seed: 2), 11),
        (
            "a long shared prefix", (0..<500).map { Array(repeating: 5, count: 300) + [UInt8($0 % 7)] },
            11
        ),
        ("letters", randomKeys(count: 4_000, maxLength: 6, alphabet: 60, seed: 3), 62),
    ]

    @Test(arguments: cases.indices)
    func radixSortOrdersKeysAsAComparisonSort(_ index: Int) {
        let (_, keys, alphabet) = Self.cases[index]
        var pool = KeyPool()
        let offsets = keys.enumerated().map { contact, key in pool.append(contact: UInt32(contact), symbols: key.map { $0 + 1 }) }
        let table = KeyTable(offsets: offsets, pool: pool, alphabet: alphabet)
        let sorted = (0..<table.count).map { UInt32(table.offsets[$0]) }
        let expected = offsets.sorted { a, b in
            let keyA = Self.key(at: a, in: pool), keyB = Self.key(at: b, in: pool)
            return keyA == keyB ? a < b : keyA.lexicographicallyPrecedes(keyB)
        }
        #expect(sorted == expected, "\(Self.cases[index].name)")
    }

    /// The key text at `offset`, up to its end byte.
    static func key(at offset: UInt32, in pool: KeyPool) -> ArraySlice<UInt8> {
        let start = Int(offset)
        let end = pool.bytes[start...].firstIndex(of: KeyPool.end)!
        return pool.bytes[start..<end]
    }

    static func randomKeys(count: Int, maxLength: Int, alphabet: UInt8, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in (0..<Int(next() % UInt64(maxLength + 1))).map { _ in UInt8(next() % UInt64(alphabet)) } }
    }
}
