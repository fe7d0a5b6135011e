// SPDX-License-Identifier: Apache-2.0

/// Finding and copying the physical rows that changed, so an output writes to the
/// framebuffer only the rows a new frame alters.
///
/// Under 0 and 180 degrees a logical row is a physical row. Under 90 and 270 a logical row is
/// a physical column, which crosses every physical row, so changed logical rows say nothing
/// useful there: `changedPhysicalRows(from:to:)` compares the two canvases along physical
/// rows instead, which is exact under every rotation and costs one pass of comparisons.
extension FramePacker {
    /// The physical rows that logical rows `rows` touch: the same rows at 0 degrees, mirrored
    /// at 180, and every physical row at 90 and 270 when any logical row changed. Rows outside
    /// the canvas are ignored. Sorted, without repeats.
    public func physicalRows(touchedByLogicalRows rows: some Sequence<Int>) -> [Int] {
        let height = logicalSize.height
        var touched = [Bool](repeating: false, count: physicalSize.height)
        var any = false
        for row in rows where row >= 0 && row < height {
            any = true
            switch rotation {
            case .upright: touched[row] = true
            case .halfTurn: touched[height - 1 - row] = true
            case .clockwise90, .clockwise270: return Array(0..<physicalSize.height)
            }
        }
        return any ? touched.indices.filter { touched[$0] } : []
    }

    /// The physical rows where `new` shows something different from `old`, found by walking
    /// both canvases along each physical row (stopping at a row's first difference). Every
    /// row when `old` is not the logical size (no earlier frame to compare with).
    public func changedPhysicalRows(from old: Canvas, to new: Canvas) -> [Int] {
        let all = Array(0..<physicalSize.height)
        guard old.width == logicalSize.width, old.height == logicalSize.height,
            new.width == logicalSize.width, new.height == logicalSize.height
        else { return all }
        let (stepping, count) = (self.stepping, physicalSize.width)
        return old.pixels.withUnsafeBufferPointer { before in
            new.pixels.withUnsafeBufferPointer { after in
                all.filter { row in
                    var index = stepping.start(ofRow: row)
                    for _ in 0..<count {
                        if before[index] != after[index] { return true }
                        index &+= stepping.columnStep
                    }
                    return false
                }
            }
        }
    }

    /// The physical rows whose pixel bytes differ between two packed frames of this packer
    /// (padding ignored): for an output that packs into a scratch frame and diffs it with
    /// the last one, which also skips changes that quantise to the same pixels.
    public func changedPhysicalRows(packed old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) -> [Int] {
        let all = Array(0..<physicalSize.height)
        guard old.count >= frameBytes, new.count >= frameBytes else { return all }
        return all.filter { row in !Self.bytesEqual(old, new, from: row * lineLength, count: rowBytes) }
    }

    /// Whether `count` bytes from `start` are the same in both buffers, compared eight bytes
    /// at a time: a 640x480x32 frame is 1.2 MB, and byte by byte that took most of a frame's time.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, from start: Int, count: Int) -> Bool {
        var offset = start
        let end = start + count
        while offset + 8 <= end {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < end {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Copies the pixel bytes of physical rows `rows` from one packed frame to another (a
    /// scratch frame to the mapped framebuffer), each at this packer's `lineLength`. Rows
    /// outside the screen are skipped.
    public func copyRows(_ rows: some Sequence<Int>, from source: UnsafeRawBufferPointer, to destination: UnsafeMutableRawBufferPointer)
        throws(FramePackingError)
    {
        guard source.count >= frameBytes else { throw .bufferTooSmall(bytes: source.count, needed: frameBytes) }
        guard destination.count >= frameBytes else { throw .bufferTooSmall(bytes: destination.count, needed: frameBytes) }
        guard let from = source.baseAddress, let to = destination.baseAddress else { return }
        for row in rows where row >= 0 && row < physicalSize.height {
            (to + row * lineLength).copyMemory(from: from + row * lineLength, byteCount: rowBytes)
        }
    }
}
