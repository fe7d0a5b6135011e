// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// Draws canvases into framebuffer memory without flicker and without rewriting what did not
/// change: each frame is packed into an off-screen buffer of the device's layout, compared row
/// by row with the last frame written, and only the rows that differ are copied into the
/// target (one memcpy a row).
///
/// The last frame is kept in ordinary memory rather than read back from the target, because
/// reading framebuffer memory is slow on many devices (uncached or write-combined). The target
/// is any memory of the packer's layout: a `FramebufferDevice`'s `visibleMemory`, or a plain
/// buffer in tests.
public struct FrameUpdater: Sendable {
    public let packer: FramePacker
    /// Whether packed bits are inverted before they reach the target: one-bit devices where
    /// 1 is black (FB_VISUAL_MONO01), since the packer writes 1 for lit.
    public let invertsBits: Bool
    /// The frame being made.
    private var scratch: [UInt8]
    /// What the target holds, as far as this updater knows; nil before the first frame and
    /// after `invalidate()`.
    private var shown: [UInt8]?

    public init(packer: FramePacker, invertsBits: Bool = false) {
        self.packer = packer
        self.invertsBits = invertsBits
        self.scratch = [UInt8](repeating: 0, count: packer.frameBytes)
        self.shown = nil
    }

    /// The canvas size to draw: the packer's logical size.
    public var logicalSize: ScreenSize { packer.logicalSize }

    /// Makes the next frame write every row: after something else drew on the target (a
    /// restore, the console).
    public mutating func invalidate() {
        shown = nil
    }

    /// Packs `canvas` and copies the physical rows that differ from the last frame into
    /// `target` (at least `packer.frameBytes` long); returns those rows, every row the first
    /// time.
    @discardableResult
    public mutating func draw(_ canvas: Canvas, into target: UnsafeMutableRawBufferPointer) throws(FramePackingError) -> [Int] {
        guard target.count >= packer.frameBytes else { throw .bufferTooSmall(bytes: target.count, needed: packer.frameBytes) }
        let packer = packer, invertsBits = invertsBits
        let packed: Result<Void, FramePackingError> = scratch.withUnsafeMutableBytes { scratch in
            do throws(FramePackingError) {
                try packer.pack(canvas, into: scratch)
            } catch {
                return .failure(error)
            }
            if invertsBits { Self.invertPixelBytes(scratch, packer: packer) }
            return .success(())
        }
        try packed.get()

        var shown = self.shown ?? []
        self.shown = nil
        let rows: [Int]
        if shown.count == scratch.count {
            rows = scratch.withUnsafeBytes { new in shown.withUnsafeBytes { old in packer.changedPhysicalRows(packed: old, new) } }
        } else {
            rows = Array(0..<packer.physicalSize.height)
            shown = [UInt8](repeating: 0, count: scratch.count)
        }
        let copied: Result<Void, FramePackingError> = scratch.withUnsafeBytes { new in
            shown.withUnsafeMutableBytes { old in
                do throws(FramePackingError) {
                    try packer.copyRows(rows, from: new, to: target)
                    try packer.copyRows(rows, from: new, to: old)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
        }
        try copied.get()
        self.shown = shown
        return rows
    }

    /// Flips every pixel byte of every row (padding left alone).
    private static func invertPixelBytes(_ frame: UnsafeMutableRawBufferPointer, packer: FramePacker) {
        for row in 0..<packer.physicalSize.height {
            let start = row * packer.lineLength
            for index in start..<(start + packer.rowBytes) { frame[index] = ~frame[index] }
        }
    }
}
