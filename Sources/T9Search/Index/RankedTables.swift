// SPDX-License-Identifier: Apache-2.0

/// Sorted key tables with their top-rank trees, in the order their match qualities rank: what
/// the digit index and the text index both search. A query is one range per table; one more
/// key narrows each range; the best contacts come from the trees, best quality first.
struct RankedTables: Sendable {
    let pool: KeyPool
    let tables: [KeyTable]
    let trees: [TopRankTree]
    /// The quality of each table's matches; tables of one quality are next to each other.
    let qualities: [MatchQuality]

    init(pool: KeyPool, tables: [KeyTable], qualities: [MatchQuality], contactRanks: [UInt32]) {
        self.pool = pool
        self.tables = tables
        self.qualities = qualities
        self.trees = Parallel.map(tables.count) { TopRankTree(table: tables[$0], pool: pool, rankOf: contactRanks) }
    }

    /// The same tables with trees for new contact ranks.
    func reranked(_ contactRanks: [UInt32]) -> RankedTables {
        RankedTables(pool: pool, tables: tables, qualities: qualities, contactRanks: contactRanks)
    }

    /// Every entry of every table: the ranges of the empty query.
    var fullRanges: [Range<Int>] { tables.map { 0..<$0.count } }

    /// The ranges for the query one symbol longer: `byte` at `depth`.
    func narrow(_ ranges: [Range<Int>], depth: Int, to byte: UInt8) -> [Range<Int>] {
        var next = ranges
        for table in ranges.indices where !ranges[table].isEmpty {
            next[table] = tables[table].narrow(ranges[table], depth: depth, to: byte, pool: pool)
        }
        return next
    }

    /// The contacts (by rank) that rank best among those with keys in `ranges`, at most
    /// `limit`, best quality first and each once, at its best quality.
    func ranked(_ ranges: [Range<Int>], limit: Int, contactRanks: [UInt32]) -> [(rank: UInt32, quality: MatchQuality)] {
        var found: [(rank: UInt32, quality: MatchQuality)] = []
        var shown: [UInt32] = []
        var table = 0
        while table < tables.count, shown.count < limit {
            let quality = qualities[table]
            var best = BestRanks(limit: limit - shown.count, excluded: shown)
            while table < tables.count, qualities[table] == quality {
                if !ranges[table].isEmpty {
                    trees[table].collect(ranges[table], table: tables[table], pool: pool, contactRanks: contactRanks, into: &best)
                }
                table += 1
            }
            for rank in best.ranks { found.append((rank, quality)) }
            shown += best.ranks
        }
        return found
    }
}
