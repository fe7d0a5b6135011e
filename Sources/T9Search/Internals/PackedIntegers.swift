// SPDX-License-Identifier: Apache-2.0

/// Unsigned integers stored in three bytes each when every one fits (below 16,777,216), in
/// four otherwise: the index's largest arrays are offsets into a key pool and contact ranks,
/// which in any book a phone holds fit in three, so a quarter of their memory goes.
struct PackedIntegers: Sendable {
    /// The values, `width` bytes each, least significant first, then one spare byte so that
    /// the last value can be read with a four-byte load like the others.
    private let bytes: [UInt8]
    let width: Int
    let count: Int

    /// Packs `values`; `maximum` is at least the largest of them.
    init(_ values: some Collection<UInt32>, maximum: UInt32) {
        let width = maximum < 1 << 24 ? 3 : 4
        var bytes = [UInt8](repeating: 0, count: values.count * width + 1)
        var position = 0
        for value in values {
            for shift in 0..<width { bytes[position + shift] = UInt8(truncatingIfNeeded: value >> UInt32(8 * shift)) }
            position += width
        }
        self.bytes = bytes
        self.width = width
        self.count = values.count
    }

    var storageBytes: Int { bytes.count }

    subscript(index: Int) -> UInt32 { withReader { $0[index] } }

    /// Runs `body` with a reader of the values: the loops of a search read thousands.
    @inline(__always)
    func withReader<Result>(_ body: (Reader) -> Result) -> Result {
        bytes.withUnsafeBytes { body(Reader(base: $0.baseAddress!, mask: width == 3 ? 0xFF_FFFF : 0xFFFF_FFFF, width: width)) }
    }

    struct Reader {
        let base: UnsafeRawPointer
        let mask: UInt32
        let width: Int

        @inline(__always)
        subscript(index: Int) -> UInt32 {
            base.loadUnaligned(fromByteOffset: index * width, as: UInt32.self).littleEndian & mask
        }
    }
}
