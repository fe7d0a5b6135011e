// SPDX-License-Identifier: Apache-2.0

/// Sorted key tables with their top-rank trees, in the order their match qualities rank: what
/// the digit index and the text index both search. A query is one range per table; one more
/// key narrows each range; the best contacts come from the trees, best quality first. The
/// pool's segments are in the contacts' rank order (see `KeyPool`).
struct RankedTables: Sendable {
    let pool: KeyPool
    let tables: [KeyTable]
    let trees: [TopRankTree]
    /// The quality of each table's matches; tables of one quality are next to each other.
    let qualities: [MatchQuality]
    /// The ranges of the shortest queries, looked up instead of narrowed.
    let directory: PrefixDirectory
    /// The threads the trees, and the tables of a new ranking, are made on.
    let parallelism: Parallelism

    /// `symbols` are the bytes a key can have, and `directoryDepth` how long a prefix the
    /// directory keeps the ranges of.
    init(
        pool: KeyPool, tables: [KeyTable], qualities: [MatchQuality], symbols: ClosedRange<UInt8>, directoryDepth: Int,
        parallelism: Parallelism
    ) {
        let directory = PrefixDirectory(tables: tables, pool: pool, symbols: symbols, depth: directoryDepth, parallelism: parallelism)
        self.init(pool: pool, tables: tables, qualities: qualities, directory: directory, parallelism: parallelism)
    }

    private init(pool: KeyPool, tables: [KeyTable], qualities: [MatchQuality], directory: PrefixDirectory, parallelism: Parallelism) {
        self.pool = pool
        self.tables = tables
        self.qualities = qualities
        self.directory = directory
        self.parallelism = parallelism
        self.trees = parallelism.map(largestFirst: tables.map(\.count)) { TopRankTree(table: tables[$0], pool: pool) }
    }

    /// The same keys with the contacts ranked in a new order: the pool's segments reordered,
    /// each table's offsets moved with them (their keys, and so their order, are the same; so
    /// are the directory's ranges), and new trees.
    func reranked(contactsByRank: [UInt32]) -> RankedTables {
        let reordering = PoolReordering(pool, contactsByRank: contactsByRank)
        let moved = parallelism.map(largestFirst: tables.map(\.count)) { table in
            let offsets = tables[table].offsets
            return KeyTable(sortedOffsets: reordering.moved((0..<offsets.count).lazy.map { offsets[$0] }), pool: reordering.pool)
        }
        return RankedTables(pool: reordering.pool, tables: moved, qualities: qualities, directory: directory, parallelism: parallelism)
    }

    /// Every entry of every table: the ranges of the empty query.
    var fullRanges: [Range<Int>] { tables.map { 0..<$0.count } }

    /// The ranges of `prefix`, a query one symbol longer than the one `ranges` are for: from the
    /// directory when it is short, else `ranges` narrowed by its last symbol.
    func narrow(_ ranges: [Range<Int>], to prefix: some BidirectionalCollection<UInt8>) -> [Range<Int>] {
        if let kept = directory.ranges(of: prefix) { return kept }
        return narrow(ranges, depth: prefix.count - 1, to: prefix.last!)
    }

    /// The ranges for the query one symbol longer: `byte` at `depth`.
    func narrow(_ ranges: [Range<Int>], depth: Int, to byte: UInt8) -> [Range<Int>] {
        var next = ranges
        for table in ranges.indices where !ranges[table].isEmpty {
            next[table] = tables[table].narrow(ranges[table], depth: depth, to: byte, pool: pool)
        }
        return next
    }

    /// The contacts that rank best among those with keys in `ranges`, at most `limit`, best
    /// quality first and each once, at its best quality.
    func ranked(_ ranges: [Range<Int>], limit: Int) -> [(contact: UInt32, quality: MatchQuality)] {
        var found: [(contact: UInt32, quality: MatchQuality)] = []
        var shown: [UInt32] = []
        var table = 0
        while table < tables.count, shown.count < limit {
            let quality = qualities[table]
            var best = BestRanks(limit: limit - shown.count, excluded: shown)
            while table < tables.count, qualities[table] == quality {
                if !ranges[table].isEmpty {
                    trees[table].collect(ranges[table], table: tables[table], pool: pool, into: &best)
                }
                table += 1
            }
            pool.bytes.withUnsafeBufferPointer { bytes in
                for rank in best.ranks { found.append((KeyPool.contact(ofSegment: Int(rank), in: bytes), quality)) }
            }
            shown += best.ranks
        }
        return found
    }

    /// The bytes of the key texts, the sorted tables and the trees.
    var storageBytes: [(part: String, bytes: Int)] {
        [
            ("key texts", pool.bytes.count),
            ("sorted tables", tables.reduce(0) { $0 + $1.offsets.storageBytes }),
            ("top-rank trees", trees.reduce(0) { $0 + $1.storageBytes }),
            ("prefix directory", directory.storageBytes),
        ]
    }
}
