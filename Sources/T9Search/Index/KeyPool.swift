// SPDX-License-Identifier: Apache-2.0

/// The bytes of every index key, one after another, grouped by contact in rank order.
///
/// A key is its keys as bytes 1...10 (key + 1) and ends in 0, so a shorter key sorts before its
/// extensions and a key equal to the query sits at the start of the query's range.
///
/// Each contact's key texts are one *segment* of the pool, which starts with a header naming the
/// contact: four bytes with the high bit set, seven bits of value each. A text that starts far
/// from its segment's start has a header of its own in front of it, which says how far back the
/// segment starts (`repeatFlag`). So an offset anywhere inside a text finds its segment by
/// stepping back over key bytes to the first header.
///
/// The segments lie in the order of the contacts' ranks (`PoolReordering` puts them there), so
/// a key's offset alone says how its contact ranks against another contact's segment: a key
/// before the segment start of the worst result kept so far belongs to a better contact, a key
/// past it cannot get in. A search compares offsets, which it reads in order from its sorted
/// tables, and reads the pool only for the few keys that get in, rather than reading the pool
/// and then the contact's rank, from anywhere in memory, for every key it looks at.
struct KeyPool: Sendable {
    static let end: UInt8 = 0
    private(set) var bytes: [UInt8] = []
    /// The contact whose segment is being written, where it starts, and where its last header
    /// is: a contact's next key text written soon after needs no header of its own.
    private var current: (contact: UInt32, segment: Int, lastHeader: Int)? = nil
    /// The segments started so far, while the pool is written (`segments()` without reading
    /// the pool again); dropped by `shrink()`.
    private var started: [(contact: UInt32, start: Int)] = []
    /// How far after its contact's last header a key text may start and go without one.
    static let headerReach = 48
    /// Set in the value of a header that repeats its segment's, which then holds the distance
    /// back to the segment's start. A segment's first header holds the contact, so contacts
    /// are numbered below this: 134 million, far more than a book's memory could hold.
    static let repeatFlag: UInt32 = 1 << 27

    init() {}

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Appends, for `contact`, a key made of `head` then `keys` (0...9), returning its offset.
    /// A contact's keys are appended one after another, so that they make one segment.
    @discardableResult
    mutating func append(contact: UInt32, head: some Collection<UInt8> = EmptyCollection(), _ keys: some Collection<UInt8>) -> UInt32 {
        appendHeader(contact)
        let offset = UInt32(bytes.count)
        for key in head { bytes.append(key + 1) }
        for key in keys { bytes.append(key + 1) }
        bytes.append(Self.end)
        return offset
    }

    /// Appends, for `contact`, a key of symbols already coded 1...127, returning its offset.
    @discardableResult
    mutating func append(contact: UInt32, symbols: some Collection<UInt8>) -> UInt32 {
        appendHeader(contact)
        let offset = UInt32(bytes.count)
        bytes.append(contentsOf: symbols)
        bytes.append(Self.end)
        return offset
    }

    /// Starts `contact`'s segment, or writes a repeat header in front of the key text about to
    /// be appended if the contact's last header is too far back; none when it is near enough.
    /// Stepping back from a key finds the first header before it, past other key texts of the
    /// same contact, so most texts need none: four bytes saved on most of them (2 MB of the
    /// 100,000-contact book's), for a step back at most `headerReach` bytes longer.
    private mutating func appendHeader(_ contact: UInt32) {
        if let current, current.contact == contact {
            guard bytes.count - current.lastHeader >= Self.headerReach else { return }
            self.current = (contact, current.segment, bytes.count)
            appendHeaderBytes(Self.repeatFlag | UInt32(bytes.count - current.segment))
            return
        }
        assert(contact < Self.repeatFlag, "contact \(contact) does not fit a pool header")
        current = (contact, bytes.count, bytes.count)
        started.append((contact, bytes.count))
        appendHeaderBytes(contact)
    }

    private mutating func appendHeaderBytes(_ value: UInt32) {
        for shift in stride(from: 21, through: 0, by: -7) { bytes.append(0x80 | (UInt8(truncatingIfNeeded: value >> UInt32(shift)) & 0x7F)) }
    }

    /// Where the segment of the key text that `offset` points into starts: a place in the pool
    /// that stands for its contact, and orders as the contact's rank.
    ///
    /// It steps back eight bytes at a time, finding the header's last byte as the last one with
    /// its high bit set, rather than byte by byte: searches call this for thousands of keys
    /// scattered over the pool, and a loop whose length varies with each key kept the processor
    /// from reading the next keys' memory while it waited for this one's.
    @inline(__always)
    static func segment(owning offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var end = offset
        var position = -1
        while end >= 8 {
            // Little-endian: the byte at the highest address is the word's most significant.
            let high = base.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self).littleEndian & 0x8080_8080_8080_8080
            if high != 0 {
                position = end - 8 + (63 - high.leadingZeroBitCount) / 8
                break
            }
            end -= 8
        }
        if position < 0 {
            position = end - 1
            while bytes[position] < 0x80 { position -= 1 }
        }
        let header = position - 3
        let value = headerValue(at: header, in: base)
        return value & repeatFlag == 0 ? header : header - Int(value & ~repeatFlag)
    }

    /// The contact whose segment starts at `segment`.
    @inline(__always)
    static func contact(ofSegment segment: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        headerValue(at: segment, in: UnsafeRawPointer(bytes.baseAddress!))
    }

    /// The value of the header at `offset`: four bytes, seven bits each, most significant first.
    @inline(__always)
    private static func headerValue(at offset: Int, in base: UnsafeRawPointer) -> UInt32 {
        let header = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self).bigEndian
        return (header & 0x7F) | (header >> 1 & 0x3F80) | (header >> 2 & 0x1F_C000) | (header >> 3 & 0x0FE0_0000)
    }

    /// Every segment, in the order they lie in the pool: its contact and where it starts (it
    /// ends where the next one starts).
    func segments() -> [(contact: UInt32, start: Int)] {
        if !started.isEmpty { return started }
        var segments: [(contact: UInt32, start: Int)] = []
        bytes.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var offset = 0
            while offset < bytes.count {
                guard bytes[offset] >= 0x80 else {
                    offset += 1
                    continue
                }
                let value = Self.headerValue(at: offset, in: base)
                if value & Self.repeatFlag == 0 { segments.append((value, offset)) }
                offset += 4
            }
        }
        return segments
    }

    /// The pools one after another, as if one pool had been written with all their contacts
    /// in turn (each contact's keys in one of them), and where each part starts in it: a
    /// segment's headers count only within it, so its bytes are the same wherever it lies.
    static func joined(_ parts: [KeyPool]) -> (pool: KeyPool, starts: [UInt32]) {
        var pool = KeyPool()
        pool.bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        pool.started.reserveCapacity(parts.reduce(0) { $0 + $1.started.count })
        var starts: [UInt32] = []
        for part in parts {
            let start = pool.bytes.count
            starts.append(UInt32(start))
            pool.bytes.append(contentsOf: part.bytes)
            pool.started.append(contentsOf: part.started.lazy.map { ($0.contact, $0.start + start) })
            pool.current = part.current.map { ($0.contact, $0.segment + start, $0.lastHeader + start) }
        }
        return (pool, starts)
    }

    /// Gives back the memory kept for writing.
    mutating func shrink() {
        bytes = bytes.withoutSpareCapacity()
        started = []
    }

    /// A pool of these bytes, already written.
    static func written(_ bytes: [UInt8]) -> KeyPool { KeyPool(bytes: bytes) }
}

/// A pool's segments copied into a new pool in the order of their contacts' ranks, and where
/// each key offset of the old pool went: how the index puts its keys in rank order once the
/// ranks are known (they are worked out while the keys are made, on another core), and again
/// when dial history changes the ranks.
///
/// A segment is copied whole, headers and all: its first header names its contact, and its
/// repeat headers count back from within it, so neither changes with where it lies.
struct PoolReordering {
    /// The new pool, segments in rank order.
    let pool: KeyPool
    private let old: KeyPool
    /// The old pool's segments, in the order they lie there.
    private let oldSegments: [(contact: UInt32, start: Int)]
    /// The old segments (by their place in `oldSegments`) in the new pool's order.
    private let newOrder: [Int]
    /// Where each contact's segment starts in the new pool, by contact.
    private let newStarts: [UInt32]

    /// Reorders `old`, whose contacts are numbered below `contactsByRank.count`.
    init(_ old: KeyPool, contactsByRank: [UInt32]) {
        let segments = old.segments()
        var segmentOf = [Int](repeating: -1, count: contactsByRank.count)
        for (index, segment) in segments.enumerated() { segmentOf[Int(segment.contact)] = index }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(old.bytes.count)
        var newStarts = [UInt32](repeating: 0, count: contactsByRank.count)
        var newOrder: [Int] = []
        newOrder.reserveCapacity(segments.count)
        old.bytes.withUnsafeBufferPointer { oldBytes in
            for contact in contactsByRank.lazy.map(Int.init) where segmentOf[contact] >= 0 {
                let segment = segmentOf[contact]
                let end = segment + 1 < segments.count ? segments[segment + 1].start : oldBytes.count
                newStarts[contact] = UInt32(bytes.count)
                newOrder.append(segment)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: oldBytes[segments[segment].start..<end]))
            }
        }
        self.pool = KeyPool.written(bytes)
        self.old = old
        self.oldSegments = segments
        self.newOrder = newOrder
        self.newStarts = newStarts
    }

    /// Where the keys at `offsets` of the old pool, which ascend (as the keys were added), are
    /// in the new one, ascending too: each offset's segment is found by walking the segments
    /// along with them, without reading the pool, and the segments' runs of offsets are then
    /// put in the new order. (Left in the old order, a table's first sorting pass read the new
    /// pool all over instead of from start to end.)
    func moved(ascending offsets: [UInt32]) -> [UInt32] {
        // Where each old segment's run of offsets ends.
        var runEnds = [Int](repeating: 0, count: oldSegments.count)
        var segment = 0
        for (index, offset) in offsets.enumerated() {
            assert(offset >= oldSegments[segment].start, "the offsets must ascend")
            while segment + 1 < oldSegments.count, oldSegments[segment + 1].start <= Int(offset) {
                runEnds[segment] = index
                segment += 1
            }
        }
        for rest in segment..<runEnds.count { runEnds[rest] = offsets.count }
        var moved: [UInt32] = []
        moved.reserveCapacity(offsets.count)
        for segment in newOrder {
            let (contact, start) = oldSegments[segment]
            let shift = newStarts[Int(contact)] &- UInt32(start)
            for index in (segment == 0 ? 0 : runEnds[segment - 1])..<runEnds[segment] { moved.append(offsets[index] &+ shift) }
        }
        return moved
    }

    /// Where the keys at `offsets` of the old pool, in any order, are in the new one, in the
    /// same order: each offset's segment is found from its header in the pool.
    func moved(_ offsets: some Collection<UInt32>) -> [UInt32] {
        var moved: [UInt32] = []
        moved.reserveCapacity(offsets.count)
        old.bytes.withUnsafeBufferPointer { bytes in
            newStarts.withUnsafeBufferPointer { newStarts in
                for offset in offsets {
                    let segment = KeyPool.segment(owning: Int(offset), in: bytes)
                    let contact = Int(KeyPool.contact(ofSegment: segment, in: bytes))
                    moved.append(newStarts[contact] + offset - UInt32(segment))
                }
            }
        }
        return moved
    }
}
