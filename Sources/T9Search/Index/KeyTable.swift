// SPDX-License-Identifier: Apache-2.0

/// All index keys of one kind (for example "runs from a later word of a name"), sorted, so the
/// keys that start with a query form one contiguous range.
///
/// Keys live in a shared pool (see `KeyPool`); an entry is just a key's offset there, three
/// bytes (four in a pool of 16 MiB or more), since the contact it belongs to is written in the
/// pool in front of the key, and the offset itself says how the contact ranks.
struct KeyTable: Sendable {
    let offsets: PackedIntegers

    /// Sorts `offsets` by their keys in `pool`, whose key bytes are below `alphabet` (11 for
    /// the ten keys and the end of a key).
    init(offsets: consuming [UInt32], pool: KeyPool, alphabet: Int = 11) {
        var offsets = offsets
        offsets.withUnsafeMutableBufferPointer { buffer in
            pool.bytes.withUnsafeBufferPointer { bytes in
                RadixSort.sort(buffer, bytes: bytes, alphabet: alphabet)
            }
        }
        self.offsets = PackedIntegers(offsets, maximum: UInt32(pool.bytes.count))
    }

    /// A table of `offsets` already in key order: a table's offsets moved to a reordered pool
    /// (see `PoolReordering`), whose keys are the same.
    init(sortedOffsets offsets: [UInt32], pool: KeyPool) {
        self.offsets = PackedIntegers(offsets, maximum: UInt32(pool.bytes.count))
    }

    var count: Int { offsets.count }

    /// Runs `body` with a reader of the contact of each entry: for loops over many entries.
    @inline(__always)
    func withContacts<Result>(pool: UnsafeBufferPointer<UInt8>, _ body: (ContactReader) -> Result) -> Result {
        offsets.withReader { body(ContactReader(offsets: $0, pool: pool)) }
    }

    struct ContactReader {
        let offsets: PackedIntegers.Reader
        let pool: UnsafeBufferPointer<UInt8>

        /// The segment of the contact whose key is at `index` (see `KeyPool`).
        @inline(__always)
        subscript(index: Int) -> UInt32 { UInt32(KeyPool.segment(owning: Int(offsets[index]), in: pool)) }
    }

    /// Within `range`, whose keys all share their first `depth` bytes, the entries whose byte at
    /// `depth` is `byte`: how one more typed key narrows the previous result.
    func narrow(_ range: Range<Int>, depth: Int, to byte: UInt8, pool: KeyPool) -> Range<Int> {
        offsets.withReader { offsets in
            pool.bytes.withUnsafeBufferPointer { bytes in
                @inline(__always) func byteAt(_ index: Int) -> UInt8 { bytes[Int(offsets[index]) + depth] }
                // Keys in the range sort by their byte at `depth`: find where `byte` starts and ends.
                var low = range.lowerBound, high = range.upperBound
                while low < high {
                    let middle = (low + high) / 2
                    if byteAt(middle) < byte { low = middle + 1 } else { high = middle }
                }
                let start = low
                high = range.upperBound
                while low < high {
                    let middle = (low + high) / 2
                    if byteAt(middle) <= byte { low = middle + 1 } else { high = middle }
                }
                return start..<low
            }
        }
    }
}

/// An MSD radix sort of pool keys: each pass sorts a range on one byte of each key, so sorting
/// a million keys touches each about as often as its distinguishing length. Equal keys end up
/// ordered by offset, so the order is deterministic.
///
/// Each entry's next `prefixBytes` key bytes are read from the pool at once into a word that
/// moves with the entry, and the passes take their bytes from there: the pool is read at
/// scattered places once the first pass has moved the entries. A pass moves a range's entries
/// into spare memory, each bucket after the one before (keeping their order), and copies them
/// back: moving them in place, in cycles, made each move wait for the one before it.
///
/// The ranges still to sort wait on a stack of their own rather than the call stack: keys that
/// share a prefix thousands of bytes long (a number of 60,000 digits gives many) would otherwise
/// recurse once per byte and overflow the thread's stack.
enum RadixSort {
    /// How many key bytes an entry's prefix word holds.
    static let prefixBytes = 8

    static func sort(_ entries: UnsafeMutableBufferPointer<UInt32>, bytes: UnsafeBufferPointer<UInt8>, alphabet: Int) {
        // One set of bucket counters for the whole sort: each range uses them before the next.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * alphabet + 1) { scratch in
            let prefixes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: entries.count)
            let spareEntries = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: entries.count)
            let sparePrefixes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: entries.count)
            defer {
                prefixes.deallocate()
                spareEntries.deallocate()
                sparePrefixes.deallocate()
            }
            let sorter = Sorter(
                entries: entries, prefixes: prefixes, spareEntries: spareEntries, sparePrefixes: sparePrefixes, bytes: bytes,
                alphabet: alphabet, scratch: scratch)
            var pending: [(range: Range<Int>, depth: Int)] = [(0..<entries.count, 0)]
            while let (range, depth) = pending.popLast() {
                if depth % prefixBytes == 0 { sorter.loadPrefixes(range, depth: depth) }
                sorter.sort(range, depth: depth, pending: &pending)
            }
        }
    }

    /// The sort's memory: the entries, their prefix words (which move with them), as much
    /// again to move them into, and the bucket counters.
    private struct Sorter {
        let entries: UnsafeMutableBufferPointer<UInt32>
        let prefixes: UnsafeMutableBufferPointer<UInt64>
        let spareEntries: UnsafeMutableBufferPointer<UInt32>
        let sparePrefixes: UnsafeMutableBufferPointer<UInt64>
        let bytes: UnsafeBufferPointer<UInt8>
        let alphabet: Int
        let scratch: UnsafeMutableBufferPointer<Int>

        /// Reads the key bytes from `depth` on of each entry in `range` into its prefix word,
        /// the first byte highest, so words compare as their bytes do. The bytes after a key's
        /// end are zero, like the end itself: a word whose lowest byte is zero holds the rest
        /// of its key.
        func loadPrefixes(_ range: Range<Int>, depth: Int) {
            for index in range { prefixes[index] = prefix(at: Int(entries[index]) + depth) }
        }

        @inline(__always)
        private func prefix(at position: Int) -> UInt64 {
            guard position + RadixSort.prefixBytes <= bytes.count else { return prefixNearTheEnd(at: position) }
            let word = UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self).bigEndian
            // A high bit in each zero byte, exactly (no carry crosses a byte): key bytes are
            // 1...127, and what follows a key's end (a header) is cleared below.
            let low7 = UInt64(0x7F7F_7F7F_7F7F_7F7F)
            let zeros = ~(((word & low7) &+ low7) | word | low7)
            guard zeros != 0 else { return word }
            // Keep the bytes up to the first zero (the key's end), clear the rest.
            let kept = (zeros.leadingZeroBitCount / 8 + 1) * 8
            return kept >= 64 ? word : word & ~(UInt64.max >> kept)
        }

        private func prefixNearTheEnd(at position: Int) -> UInt64 {
            var word: UInt64 = 0
            var position = position
            for shift in stride(from: 56, through: 0, by: -8) where position < bytes.count {
                let byte = bytes[position]
                word |= UInt64(byte) << UInt64(shift)
                if byte == KeyPool.end { break }
                position += 1
            }
            return word
        }

        /// Sorts `range` on the byte at `depth`, and pushes the buckets that need the next byte.
        func sort(_ range: Range<Int>, depth: Int, pending: inout [(range: Range<Int>, depth: Int)]) {
            let shift = UInt64(8 * (RadixSort.prefixBytes - 1 - depth % RadixSort.prefixBytes))
            if range.count < 32 {
                insertionSort(range, depth: depth)
                return
            }
            @inline(__always) func bucket(_ prefix: UInt64) -> Int { Int(truncatingIfNeeded: (prefix >> shift) & 0xFF) }
            // scratch holds the counts, then the next free slot of each bucket, then the buckets' starts.
            let counts = UnsafeMutableBufferPointer(rebasing: scratch[0..<alphabet])
            let next = UnsafeMutableBufferPointer(rebasing: scratch[alphabet..<(2 * alphabet)])
            let starts = UnsafeMutableBufferPointer(rebasing: scratch[(2 * alphabet)..<(3 * alphabet + 1)])
            counts.update(repeating: 0)
            for index in range { counts[bucket(prefixes[index])] += 1 }
            starts[0] = range.lowerBound
            for bucket in 0..<alphabet { starts[bucket + 1] = starts[bucket] + counts[bucket] }
            for bucket in 0..<alphabet { next[bucket] = starts[bucket] }
            for index in range {
                let prefix = prefixes[index]
                let target = bucket(prefix)
                let slot = next[target]
                next[target] = slot + 1
                spareEntries[slot] = entries[index]
                sparePrefixes[slot] = prefix
            }
            _ = UnsafeMutableBufferPointer(rebasing: entries[range]).update(fromContentsOf: spareEntries[range])
            _ = UnsafeMutableBufferPointer(rebasing: prefixes[range]).update(fromContentsOf: sparePrefixes[range])
            // Keys that ended are equal, and so are their prefixes: order them by offset.
            // Others sort on the next byte.
            if starts[1] - starts[0] > 1 { entries[starts[0]..<starts[1]].sort() }
            for bucket in 1..<alphabet where starts[bucket + 1] - starts[bucket] > 1 {
                pending.append((starts[bucket]..<starts[bucket + 1], depth + 1))
            }
        }

        /// Sorts a short range whose keys share their first `depth` bytes: by prefix word,
        /// then, for equal words that do not hold a key's end, by the pool from after them.
        private func insertionSort(_ range: Range<Int>, depth: Int) {
            guard range.count > 1 else { return }
            let beyondPrefix = depth - depth % RadixSort.prefixBytes + RadixSort.prefixBytes
            @inline(__always) func less(_ a: UInt32, _ prefixA: UInt64, _ b: UInt32, _ prefixB: UInt64) -> Bool {
                if prefixA != prefixB { return prefixA < prefixB }
                if prefixA & 0xFF == 0 { return a < b }
                var i = Int(a) + beyondPrefix, j = Int(b) + beyondPrefix
                while true {
                    let x = bytes[i], y = bytes[j]
                    if x != y { return x < y }
                    if x == KeyPool.end { return a < b }
                    i += 1
                    j += 1
                }
            }
            for index in (range.lowerBound + 1)..<range.upperBound {
                let entry = entries[index], prefix = prefixes[index]
                var position = index
                while position > range.lowerBound, less(entry, prefix, entries[position - 1], prefixes[position - 1]) {
                    entries[position] = entries[position - 1]
                    prefixes[position] = prefixes[position - 1]
                    position -= 1
                }
                entries[position] = entry
                prefixes[position] = prefix
            }
        }
    }
}
