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

/// An in-place MSD radix sort (American flag sort) of pool keys: each pass reads one byte of
/// each key, so sorting a million keys touches each about as often as its distinguishing length,
/// with no extra memory. Equal keys end up ordered by offset, so the order is deterministic.
///
/// The ranges still to sort wait on a stack of their own rather than the call stack: keys that
/// share a prefix thousands of bytes long (a number of 60,000 digits gives many) would otherwise
/// recurse once per byte and overflow the thread's stack.
enum RadixSort {
    static func sort(_ entries: UnsafeMutableBufferPointer<UInt32>, bytes: UnsafeBufferPointer<UInt8>, alphabet: Int) {
        // One set of bucket counters for the whole sort: each range uses them before the next.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * alphabet + 1) { scratch in
            // Each entry's byte at the depth being sorted, read from the pool once per pass:
            // the pool is read at scattered places, and reading it again to move each entry
            // into its bucket took as long as the rest of the pass.
            let entryBytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: entries.count)
            defer { entryBytes.deallocate() }
            var pending: [(range: Range<Int>, depth: Int)] = [(0..<entries.count, 0)]
            while let (range, depth) = pending.popLast() {
                sort(entries, range: range, depth: depth, bytes: bytes, alphabet: alphabet, scratch: scratch, entryBytes: entryBytes, pending: &pending)
            }
        }
    }

    /// Sorts `range` on the byte at `depth`, and pushes the buckets that need the next byte.
    private static func sort(
        _ entries: UnsafeMutableBufferPointer<UInt32>, range: Range<Int>, depth: Int, bytes: UnsafeBufferPointer<UInt8>,
        alphabet: Int, scratch: UnsafeMutableBufferPointer<Int>, entryBytes: UnsafeMutableBufferPointer<UInt8>,
        pending: inout [(range: Range<Int>, depth: Int)]
    ) {
        if range.count < 32 {
            insertionSort(entries, range: range, depth: depth, bytes: bytes)
            return
        }
        // scratch holds the counts, then the next free slot of each bucket, then the buckets' starts.
        let counts = UnsafeMutableBufferPointer(rebasing: scratch[0..<alphabet])
        let next = UnsafeMutableBufferPointer(rebasing: scratch[alphabet..<(2 * alphabet)])
        let starts = UnsafeMutableBufferPointer(rebasing: scratch[(2 * alphabet)..<(3 * alphabet + 1)])
        counts.update(repeating: 0)
        for index in range {
            let byte = bytes[Int(entries[index]) + depth]
            entryBytes[index] = byte
            counts[Int(byte)] += 1
        }
        starts[0] = range.lowerBound
        for bucket in 0..<alphabet { starts[bucket + 1] = starts[bucket] + counts[bucket] }
        for bucket in 0..<alphabet { next[bucket] = starts[bucket] }
        for bucket in 0..<alphabet {
            while next[bucket] < starts[bucket + 1] {
                var entry = entries[next[bucket]]
                var byte = entryBytes[next[bucket]]
                // Cycle entries (and their bytes) into their buckets until one belongs here.
                while Int(byte) != bucket {
                    let home = Int(byte)
                    swap(&entry, &entries[next[home]])
                    swap(&byte, &entryBytes[next[home]])
                    next[home] += 1
                }
                entries[next[bucket]] = entry
                next[bucket] += 1
            }
        }
        // Keys that ended are equal: order them by offset. Others sort on the next byte.
        if starts[1] - starts[0] > 1 { entries[starts[0]..<starts[1]].sort() }
        for bucket in 1..<alphabet where starts[bucket + 1] - starts[bucket] > 1 {
            pending.append((starts[bucket]..<starts[bucket + 1], depth + 1))
        }
    }

    private static func insertionSort(_ entries: UnsafeMutableBufferPointer<UInt32>, range: Range<Int>, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard range.count > 1 else { return }
        @inline(__always) func less(_ a: UInt32, _ b: UInt32) -> Bool {
            var i = Int(a) + depth, j = Int(b) + depth
            while true {
                let x = bytes[i], y = bytes[j]
                if x != y { return x < y }
                if x == KeyPool.end { return a < b }
                i += 1
                j += 1
            }
        }
        for index in (range.lowerBound + 1)..<range.upperBound {
            let entry = entries[index]
            var position = index
            while position > range.lowerBound, less(entry, entries[position - 1]) {
                entries[position] = entries[position - 1]
                position -= 1
            }
            entries[position] = entry
        }
    }
}
