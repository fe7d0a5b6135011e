// SPDX-License-Identifier: Apache-2.0

import SeededRandom
import Testing

@testable import T9Search

/// The key pool's segments: every key text finds its contact's segment, near its header or far
/// past it, and reordering the segments moves every key with its contact.
@Suite("Key pool segments")
struct KeyPoolTests {
    /// Books of contacts, each a list of key texts: short ones that share one header, long ones
    /// whose later texts start past `KeyPool.headerReach` and get repeat headers, and contacts
    /// with no keys (no segment).
    static let books: [(name: String, keys: [[[UInt8]]])] = [
        ("one contact, one key", [[[1, 2, 3]]]),
        ("short keys", (0..<20).map { contact in (0..<3).map { [UInt8(contact % 10), UInt8($0)] } }),
        (
            "long keys that need repeat headers",
            (0..<12).map { contact in (0..<6).map { text in Array(repeating: UInt8((contact + text) % 10), count: 30 + text * 11) } }
        ),
        ("contacts with no keys", [[[4, 4]], [], [[5]], [], [], [[6, 6, 6]]]),
    ]

    /// A pool of `keys`, with each key's contact and offset.
    static func pool(_ keys: [[[UInt8]]]) -> (pool: KeyPool, offsets: [(contact: UInt32, offset: UInt32)]) {
        var pool = KeyPool()
        var offsets: [(contact: UInt32, offset: UInt32)] = []
        for (contact, texts) in keys.enumerated() {
            for text in texts { offsets.append((UInt32(contact), pool.append(contact: UInt32(contact), text))) }
        }
        return (pool, offsets)
    }

    /// Where each contact's segment starts, by contact.
    static func segmentStarts(_ pool: KeyPool) -> [UInt32: Int] {
        Dictionary(uniqueKeysWithValues: pool.segments().map { ($0.contact, $0.start) })
    }

    /// The contact and segment found from every byte of every key text of `offsets`.
    static func owners(of offsets: [(contact: UInt32, offset: UInt32)], in pool: KeyPool) -> [(contact: UInt32, segment: Int)] {
        pool.bytes.withUnsafeBufferPointer { bytes in
            offsets.flatMap { key in
                let end = bytes[Int(key.offset)...].firstIndex(of: KeyPool.end)!
                return (Int(key.offset)...end).map { offset in
                    let segment = KeyPool.segment(owning: offset, in: bytes)
                    return (KeyPool.contact(ofSegment: segment, in: bytes), segment)
                }
            }
        }
    }

    @Test(arguments: books.indices)
    func everyKeyFindsItsSegment(_ book: Int) {
        let (name, keys) = Self.books[book]
        let (pool, offsets) = Self.pool(keys)
        let starts = Self.segmentStarts(pool)
        #expect(pool.segments().map(\.contact) == keys.indices.filter { !keys[$0].isEmpty }.map(UInt32.init), "\(name)")
        var written = pool
        written.shrink()
        #expect(written.segments().map(\.start) == pool.segments().map(\.start), "\(name): read back from the pool as written")
        #expect(written.segments().map(\.contact) == pool.segments().map(\.contact), "\(name)")
        let owners = Self.owners(of: offsets, in: pool)
        let expected = offsets.flatMap { key in
            Array(repeating: key.contact, count: Self.keyLength(at: key.offset, in: pool) + 1)
        }
        #expect(owners.map(\.contact) == expected, "\(name)")
        #expect(owners.allSatisfy { starts[$0.contact] == $0.segment }, "\(name): one segment start a contact")
    }

    @Test func longTextsGetRepeatHeaders() {
        let (pool, _) = Self.pool(Self.books[2].keys)
        let headerBytes = pool.bytes.filter { $0 >= 0x80 }.count
        #expect(headerBytes > 4 * pool.segments().count, "some texts start past the reach of their segment's header")
    }

    @Test(arguments: books.indices)
    func reorderingMovesKeysWithTheirContacts(_ book: Int) {
        let (name, keys) = Self.books[book]
        let (pool, offsets) = Self.pool(keys)
        var random = SplitMix(seed: UInt64(book))
        let contactsByRank = (0..<keys.count).map(UInt32.init).shuffled(using: &random)
        let reordering = PoolReordering(pool, contactsByRank: contactsByRank)
        let moved = reordering.moved(offsets.map(\.offset))
        #expect(reordering.moved(ascending: offsets.map(\.offset)) == moved.sorted(), "\(name): the walk and the header lookup agree")
        #expect(reordering.pool.bytes.count == pool.bytes.count, "\(name)")
        #expect(
            reordering.pool.segments().map(\.contact) == contactsByRank.filter { !keys[Int($0)].isEmpty },
            "\(name): segments in rank order")
        for (key, offset) in zip(offsets, moved) {
            #expect(Self.key(at: offset, in: reordering.pool) == Self.key(at: key.offset, in: pool), "\(name)")
        }
        let starts = Self.segmentStarts(reordering.pool)
        let owners = Self.owners(of: zip(offsets, moved).map { ($0.contact, $1) }, in: reordering.pool)
        #expect(owners.allSatisfy { starts[$0.contact] == $0.segment }, "\(name)")
        #expect(
            owners.map(\.contact) == offsets.flatMap { Array(repeating: $0.contact, count: Self.keyLength(at: $0.offset, in: pool) + 1) },
            "\(name)")
    }

    static func key(at offset: UInt32, in pool: KeyPool) -> ArraySlice<UInt8> {
        let end = pool.bytes[Int(offset)...].firstIndex(of: KeyPool.end)!
        return pool.bytes[Int(offset)..<end]
    }

    static func keyLength(at offset: UInt32, in pool: KeyPool) -> Int { key(at: offset, in: pool).count }
}
