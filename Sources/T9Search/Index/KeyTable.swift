/// All index keys of one kind (for example "runs from a later word of a name"), sorted, so the
/// keys that start with a query form one contiguous range.
///
/// Keys live in a shared pool as bytes 1...10 (key + 1) ending in 0, so a shorter key sorts
/// before its extensions and a key equal to the query sits at the start of the query's range.
/// Each entry is the key's offset in the pool and the contact it belongs to.
struct KeyTable: Sendable {
    struct Entry: Sendable {
        var offset: UInt32
        var contact: UInt32
    }

    private(set) var entries: [Entry]

    /// Sorts `entries` by their keys in `pool`.
    init(entries: consuming [Entry], pool: KeyPool) {
        var entries = entries
        entries.withUnsafeMutableBufferPointer { buffer in
            pool.bytes.withUnsafeBufferPointer { bytes in
                RadixSort.sort(buffer, bytes: bytes)
            }
        }
        self.entries = entries
    }

    var count: Int { entries.count }

    /// Within `range`, whose keys all share their first `depth` bytes, the entries whose byte at
    /// `depth` is `byte`: how one more typed key narrows the previous result.
    func narrow(_ range: Range<Int>, depth: Int, to byte: UInt8, pool: KeyPool) -> Range<Int> {
        entries.withUnsafeBufferPointer { entries in
            pool.bytes.withUnsafeBufferPointer { bytes in
                @inline(__always) func byteAt(_ index: Int) -> UInt8 { bytes[Int(entries[index].offset) + depth] }
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

    /// Whether the entry at `index` has a key of exactly `length` bytes.
    @inline(__always)
    func keyEnds(at index: Int, length: Int, pool: KeyPool) -> Bool {
        pool.bytes[Int(entries[index].offset) + length] == KeyPool.end
    }
}

/// The bytes of every index key, one after another, each ending in `KeyPool.end`.
struct KeyPool: Sendable {
    static let end: UInt8 = 0
    private(set) var bytes: [UInt8] = []

    /// Appends a key made of `head` then `keys`, returning its offset.
    @discardableResult
    mutating func append(head: some Collection<UInt8> = EmptyCollection(), _ keys: some Collection<UInt8>) -> UInt32 {
        let offset = UInt32(bytes.count)
        for key in head { bytes.append(key + 1) }
        for key in keys { bytes.append(key + 1) }
        bytes.append(Self.end)
        return offset
    }

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }
    mutating func shrink() { bytes = Array(bytes) }
}

/// An in-place MSD radix sort (American flag sort) of pool keys: each pass reads one byte of
/// each key, so sorting a million keys touches each about as often as its distinguishing length,
/// with no extra memory. Equal keys end up ordered by contact, so the order is deterministic.
enum RadixSort {
    private static let alphabet = 11  // KeyPool.end and the ten keys

    static func sort(_ entries: UnsafeMutableBufferPointer<KeyTable.Entry>, bytes: UnsafeBufferPointer<UInt8>) {
        sort(entries, range: 0..<entries.count, depth: 0, bytes: bytes)
    }

    private static func sort(_ entries: UnsafeMutableBufferPointer<KeyTable.Entry>, range: Range<Int>, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if range.count < 32 {
            insertionSort(entries, range: range, depth: depth, bytes: bytes)
            return
        }
        @inline(__always) func byteAt(_ index: Int) -> Int { Int(bytes[Int(entries[index].offset) + depth]) }
        var counts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &counts) { raw in
            let counts = raw.bindMemory(to: Int.self)
            for index in range { counts[byteAt(index)] += 1 }
            // Bucket starts and the next free slot of each bucket.
            var starts = [Int](repeating: 0, count: alphabet + 1)
            starts[0] = range.lowerBound
            for bucket in 0..<alphabet { starts[bucket + 1] = starts[bucket] + counts[bucket] }
            var next = Array(starts[0..<alphabet])
            for bucket in 0..<alphabet {
                while next[bucket] < starts[bucket + 1] {
                    var entry = entries[next[bucket]]
                    var target = Int(bytes[Int(entry.offset) + depth])
                    // Cycle entries into their buckets until one belongs here.
                    while target != bucket {
                        swap(&entry, &entries[next[target]])
                        next[target] += 1
                        target = Int(bytes[Int(entry.offset) + depth])
                    }
                    entries[next[bucket]] = entry
                    next[bucket] += 1
                }
            }
            // Keys that ended are equal: order them by contact. Others sort on the next byte.
            let ended = starts[0]..<starts[1]
            entries[ended].sort { $0.contact < $1.contact }
            for bucket in 1..<alphabet where starts[bucket + 1] - starts[bucket] > 1 {
                sort(entries, range: starts[bucket]..<starts[bucket + 1], depth: depth + 1, bytes: bytes)
            }
        }
    }

    private static func insertionSort(_ entries: UnsafeMutableBufferPointer<KeyTable.Entry>, range: Range<Int>, depth: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard range.count > 1 else { return }
        @inline(__always) func less(_ a: KeyTable.Entry, _ b: KeyTable.Entry) -> Bool {
            var i = Int(a.offset) + depth, j = Int(b.offset) + depth
            while true {
                let x = bytes[i], y = bytes[j]
                if x != y { return x < y }
                if x == KeyPool.end { return a.contact < b.contact }
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
