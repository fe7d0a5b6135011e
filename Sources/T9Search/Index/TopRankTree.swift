// SPDX-License-Identifier: Apache-2.0

/// Answers "which contacts with the best ranks have a key in this range of a table?" without
/// looking at every entry of the range.
///
/// A contact is ranked here by where its segment starts in the key pool, which orders contacts
/// as their ranks do (see `KeyPool`): "rank" below means that place. The table's entries are
/// cut into leaves of `leafSize`; a segment tree over the leaves keeps, for every node, the
/// `capacity` best distinct ranks below it. A range is then a few scanned entries at its ends
/// plus O(log n) nodes, whatever its size. Ranks change when dial history does: the pool is
/// reordered then, and the tree rebuilt (the table keeps its order).
///
/// The tree is laid out bottom-up: the leaves are nodes `leafCount ..< 2 * leafCount`, node `n`
/// merges nodes `2n` and `2n + 1`. A query climbs from both ends of its leaves and merges what
/// it passes, which is right for any number of leaves since merging best ranks is commutative,
/// so the leaves are not padded to a power of two (that cost up to half the tree's memory).
struct TopRankTree: Sendable {
    /// Entries a leaf: 128, or 256 in a table of a million or more (the middles of numbers, the
    /// letters inside names), whose tree would otherwise take a megabyte more; its queries scan
    /// up to twice as many entries at their ends.
    let leafSize: Int
    /// The most results a query can ask for through the tree; larger asks scan the range. A
    /// quality class asks for `limit` minus the results shown so far and excludes those, so it
    /// needs `limit` ranks a node: the default limit, 20, which is also more than a screen shows.
    static let capacity = 20

    private let leafCount: Int
    /// `capacity` ranks per node, best first; `counts` says how many are used.
    private let ranks: PackedIntegers
    private let counts: [UInt8]
    /// Entries a chunk: the entries at a range's ends are scanned chunk by chunk.
    static let chunkSize = 32
    /// For each chunk of `chunkSize` entries, its lowest key offset shifted right by
    /// `chunkShift` (rounded down, so a bound that never turns away a rank that could get in):
    /// a chunk whose keys all lie past the worst rank kept cannot give one, and is skipped.
    private let chunkBests: [UInt16]
    private let chunkShift: UInt32

    init(table: KeyTable, pool: KeyPool) {
        let capacity = Self.capacity
        let leafSize = table.count >= 1 << 20 ? 256 : 128
        self.leafSize = leafSize
        let leafCount = (table.count + leafSize - 1) / leafSize
        self.leafCount = leafCount
        var ranks = [UInt32](repeating: 0, count: 2 * leafCount * capacity)
        var counts = [UInt8](repeating: 0, count: 2 * leafCount)
        var chunkShift: UInt32 = 0
        while UInt32(pool.bytes.count) >> chunkShift > UInt32(UInt16.max) { chunkShift += 1 }
        var chunkBests = [UInt16](repeating: 0, count: (table.count + Self.chunkSize - 1) / Self.chunkSize)
        func store(_ best: [UInt32], at node: Int) {
            for (slot, rank) in best.enumerated() { ranks[node * capacity + slot] = rank }
            counts[node] = UInt8(best.count)
        }
        pool.bytes.withUnsafeBufferPointer { bytes in
            table.withContacts(pool: bytes) { contacts in
                for leaf in 0..<leafCount {
                    // Offered in table order: once the list is full, most keys are turned away
                    // by their offset alone (see `scanChunks`), which costs less than sorting
                    // the leaf first, and less than finding every key's segment in the pool.
                    var best = BestRanks(limit: capacity)
                    for index in (leaf * leafSize)..<min((leaf + 1) * leafSize, table.count) {
                        let offset = contacts.offsets[index]
                        if best.couldTake(offset) { best.offer(contacts[index]) }
                        let chunk = index / Self.chunkSize
                        let bound = UInt16(offset >> chunkShift)
                        if index % Self.chunkSize == 0 || bound < chunkBests[chunk] { chunkBests[chunk] = bound }
                    }
                    store(best.ranks, at: leafCount + leaf)
                }
            }
        }
        for node in stride(from: leafCount - 1, through: 1, by: -1) {
            var best = BestRanks(limit: capacity)
            for child in [2 * node, 2 * node + 1] {
                for slot in 0..<Int(counts[child]) where !best.offer(ranks[child * capacity + slot]) { break }
            }
            store(best.ranks, at: node)
        }
        self.ranks = PackedIntegers(ranks, maximum: UInt32(pool.bytes.count))
        self.counts = counts
        self.chunkBests = chunkBests
        self.chunkShift = chunkShift
    }

    var storageBytes: Int { ranks.storageBytes + counts.count + chunkBests.count * 2 }

    /// Offers every rank with a key in `range` of `table` to `best`.
    func collect(_ range: Range<Int>, table: KeyTable, pool: KeyPool, into best: inout BestRanks) {
        pool.bytes.withUnsafeBufferPointer { bytes in
            table.withContacts(pool: bytes) { contacts in
                ranks.withReader { ranks in
                    collect(range, contacts: contacts, ranks: ranks, into: &best)
                }
            }
        }
    }

    private func collect(
        _ range: Range<Int>, contacts: KeyTable.ContactReader, ranks: PackedIntegers.Reader, into best: inout BestRanks
    ) {
        // The tree keeps `capacity` ranks a node: enough while the results shown so far plus the
        // ones asked for (together, the limit) fit in it. Past that (a long --limit), scan.
        guard best.limit + best.excluded.count <= Self.capacity, range.count > 2 * leafSize else {
            scanChunks(range, contacts: contacts, into: &best)
            return
        }
        let firstLeaf = (range.lowerBound + leafSize - 1) / leafSize
        let endLeaf = range.upperBound / leafSize
        @inline(__always) func offerNode(_ node: Int) {
            let start = node * Self.capacity
            for slot in start..<(start + Int(counts[node])) where !best.offer(ranks[slot]) { break }
        }
        // The whole leaves first, through the tree: the ranks they give make the bar that the
        // entries at the ends must beat.
        var low = firstLeaf + leafCount, high = endLeaf + leafCount
        while low < high {
            if low & 1 == 1 {
                offerNode(low)
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                offerNode(high)
            }
            low /= 2
            high /= 2
        }
        // Then the entries in the leaves the range only partly covers, unless the best rank of
        // its whole leaf cannot get in: then none of them can.
        if firstLeaf > 0, range.lowerBound < firstLeaf * leafSize, best.couldTake(leafBest(firstLeaf - 1, ranks: ranks)) {
            scanChunks(range.lowerBound..<(firstLeaf * leafSize), contacts: contacts, into: &best)
        }
        if range.upperBound > endLeaf * leafSize, best.couldTake(leafBest(endLeaf, ranks: ranks)) {
            scanChunks((endLeaf * leafSize)..<range.upperBound, contacts: contacts, into: &best)
        }
    }

    /// Offers the ranks of the entries in `range` that could get in, skipping each chunk whose
    /// keys all lie past the worst rank kept.
    ///
    /// A key lies inside its contact's segment, so its offset is before the worst rank kept
    /// (a segment's start) only if its whole segment is: the offset, read in order from the
    /// table, turns most entries away, and only the others are looked up in the pool.
    private func scanChunks(_ range: Range<Int>, contacts: KeyTable.ContactReader, into best: inout BestRanks) {
        var start = range.lowerBound
        while start < range.upperBound {
            let chunk = start / Self.chunkSize
            let end = min(range.upperBound, (chunk + 1) * Self.chunkSize)
            if best.couldTake(UInt32(chunkBests[chunk]) << chunkShift) {
                for index in start..<end where best.couldTake(contacts.offsets[index]) { best.offer(contacts[index]) }
            }
            start = end
        }
    }

    /// The best rank in leaf `leaf` (every leaf has at least one entry).
    @inline(__always)
    private func leafBest(_ leaf: Int, ranks: PackedIntegers.Reader) -> UInt32 {
        ranks[(leafCount + leaf) * Self.capacity]
    }
}

/// The best (lowest) distinct ranks offered so far, at most `limit`, skipping excluded ones. The
/// ranks are contacts' places in a key pool (see `KeyPool`).
struct BestRanks {
    let limit: Int
    private(set) var ranks: [UInt32] = []
    /// Ranks already shown in a better match quality.
    var excluded: [UInt32] = []
    /// The worst rank kept once the list is full, until then past every rank: most offers are
    /// worse, and this one comparison turns them away.
    private var bar = UInt32.max

    init(limit: Int, excluded: [UInt32] = []) {
        self.limit = limit
        self.excluded = excluded
        ranks.reserveCapacity(limit + 1)
        if limit == 0 { bar = 0 }
    }

    /// Offers `rank`; false when it is worse than every rank kept and the list is full, so that a
    /// caller walking a sorted list can stop.
    @inline(__always)
    @discardableResult
    mutating func offer(_ rank: UInt32) -> Bool {
        if rank >= bar { return rank == bar && ranks.count == limit }
        return insert(rank)
    }

    /// Whether `rank`, or a worse one, could still get in.
    @inline(__always)
    func couldTake(_ rank: UInt32) -> Bool { rank < bar }

    private mutating func insert(_ rank: UInt32) -> Bool {
        if excluded.contains(rank) { return true }
        var low = 0, high = ranks.count
        while low < high {
            let middle = (low + high) / 2
            if ranks[middle] < rank { low = middle + 1 } else { high = middle }
        }
        if low < ranks.count, ranks[low] == rank { return true }
        // Shifted by hand (Array.insert goes through replaceSubrange, a tenth of a search):
        // a list not yet full grows by one, a full one drops its worst rank.
        if ranks.count < limit { ranks.append(rank) }
        var position = ranks.count - 1
        while position > low {
            ranks[position] = ranks[position - 1]
            position -= 1
        }
        ranks[low] = rank
        if ranks.count == limit { bar = ranks[limit - 1] }
        return true
    }
}
