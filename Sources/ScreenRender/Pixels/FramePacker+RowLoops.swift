// SPDX-License-Identifier: Apache-2.0

/// The inner loops, one per storage layout: each walks one physical row through the canvas
/// (`start`, then `step` per pixel, from `RotationStepping`) and writes `count` pixels.
extension FramePacker {
    @inline(__always)
    static func packRow16(
        _ source: UnsafeBufferPointer<Color>, start: Int, step: Int, count: Int,
        encoding: TrueColorEncoding, into row: UnsafeMutableRawPointer
    ) {
        var index = start
        for x in 0..<count {
            let value = UInt16(truncatingIfNeeded: encoding.encode(source[index]))
            row.storeBytes(of: value.littleEndian, toByteOffset: x &* 2, as: UInt16.self)
            index &+= step
        }
    }

    @inline(__always)
    static func packRow24(
        _ source: UnsafeBufferPointer<Color>, start: Int, step: Int, count: Int,
        encoding: TrueColorEncoding, into row: UnsafeMutableRawPointer
    ) {
        let bytes = row.assumingMemoryBound(to: UInt8.self)
        var index = start
        for x in 0..<count {
            let value = encoding.encode(source[index])
            let offset = x &* 3
            bytes[offset] = UInt8(truncatingIfNeeded: value)
            bytes[offset &+ 1] = UInt8(truncatingIfNeeded: value &>> 8)
            bytes[offset &+ 2] = UInt8(truncatingIfNeeded: value &>> 16)
            index &+= step
        }
    }

    @inline(__always)
    static func packRow32(
        _ source: UnsafeBufferPointer<Color>, start: Int, step: Int, count: Int,
        encoding: TrueColorEncoding, into row: UnsafeMutableRawPointer
    ) {
        var index = start
        for x in 0..<count {
            row.storeBytes(of: encoding.encode(source[index]).littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            index &+= step
        }
    }

    @inline(__always)
    static func packRowGray8(
        _ source: UnsafeBufferPointer<Color>, start: Int, step: Int, count: Int, into row: UnsafeMutableRawPointer
    ) {
        let bytes = row.assumingMemoryBound(to: UInt8.self)
        var index = start
        for x in 0..<count {
            bytes[x] = source[index].luminance
            index &+= step
        }
    }

    @inline(__always)
    static func packRowIndexed8(
        _ source: UnsafeBufferPointer<Color>, start: Int, step: Int, count: Int,
        lookup: inout PaletteLookup, into row: UnsafeMutableRawPointer
    ) {
        let bytes = row.assumingMemoryBound(to: UInt8.self)
        var index = start
        for x in 0..<count {
            bytes[x] = lookup.index(of: source[index])
            index &+= step
        }
    }

    /// Eight pixels a byte, the leftmost in bit 0; the last byte's unused high bits are 0.
    @inline(__always)
    static func packRowMono1(
        _ source: UnsafeBufferPointer<Color>, start: Int, step: Int, count: Int, into row: UnsafeMutableRawPointer
    ) {
        let bytes = row.assumingMemoryBound(to: UInt8.self)
        var index = start
        var byte: UInt8 = 0
        var bit: UInt8 = 0
        var output = 0
        for _ in 0..<count {
            if source[index].luminance >= 128 { byte |= 1 &<< bit }
            bit &+= 1
            if bit == 8 {
                bytes[output] = byte
                output &+= 1
                byte = 0
                bit = 0
            }
            index &+= step
        }
        if bit > 0 { bytes[output] = byte }
    }
}
