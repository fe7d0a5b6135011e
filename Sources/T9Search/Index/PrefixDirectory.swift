// SPDX-License-Identifier: Apache-2.0

/// Every table's range for every query of up to `depth` symbols, worked out once when the
/// index is built.
///
/// A query's first keys narrow the largest ranges: binary searches over a million keys whose
/// every step reads a key that no query has read for a while, from memory rather than the
/// cache. All queries start with one of a thousand three-key prefixes, so their ranges are
/// kept here (62 KB for the digit tables) and a query's first three keys are one lookup.
struct PrefixDirectory: Sendable {
    /// The symbols a key's byte can be: 1...10 for the ten keys.
    let symbols: ClosedRange<UInt8>
    /// The longest prefix kept.
    let depth: Int
    /// For each table, the lower and upper bound of each prefix's range, prefixes by
    /// `position(of:)`.
    private let bounds: [[UInt32]]

    init(tables: [KeyTable], pool: KeyPool, symbols: ClosedRange<UInt8>, depth: Int, parallelism: Parallelism) {
        self.symbols = symbols
        self.depth = depth
        let radix = symbols.count
        var prefixCount = 0
        var width = 1
        for _ in 0..<depth {
            width *= radix
            prefixCount += width
        }
        bounds = parallelism.map(tables.count) { table in
            var bounds = [UInt32](repeating: 0, count: 2 * prefixCount)
            // Each prefix is its parent's range narrowed by its last symbol; prefixes of one
            // length follow those of the length before, in order, so a parent comes first.
            var parents = [0..<tables[table].count]
            var next = 0
            for level in 0..<depth {
                var children: [Range<Int>] = []
                children.reserveCapacity(parents.count * radix)
                for parent in parents {
                    for symbol in symbols {
                        let range = parent.isEmpty ? parent : tables[table].narrow(parent, depth: level, to: symbol, pool: pool)
                        bounds[2 * next] = UInt32(range.lowerBound)
                        bounds[2 * next + 1] = UInt32(range.upperBound)
                        children.append(range)
                        next += 1
                    }
                }
                parents = children
            }
            return bounds
        }
    }

    /// Where a prefix of symbols is kept: all prefixes of one symbol first, then of two, and
    /// so on, each length in order. Nil when it is longer than `depth`, or empty, or has a
    /// symbol outside `symbols` (no key has it).
    private func position(of prefix: some Collection<UInt8>) -> Int? {
        guard !prefix.isEmpty, prefix.count <= depth else { return nil }
        let radix = symbols.count
        // The prefixes shorter than this one come first: radix + radix² + ... of them.
        var start = 0, power = 1, number = 0
        for (index, symbol) in prefix.enumerated() {
            guard symbols.contains(symbol) else { return nil }
            if index > 0 { start += power }
            number = number * radix + Int(symbol - symbols.lowerBound)
            power *= radix
        }
        return start + number
    }

    /// Every table's range for `prefix`, or nil when it is not kept.
    func ranges(of prefix: some Collection<UInt8>) -> [Range<Int>]? {
        guard let position = position(of: prefix) else { return nil }
        return bounds.map { Int($0[2 * position])..<Int($0[2 * position + 1]) }
    }

    /// The bytes the directory holds.
    var storageBytes: Int { bounds.reduce(0) { $0 + 4 * $1.count } }
}
