// SPDX-License-Identifier: Apache-2.0

import ScreenOutput
import ScreenRender
import Testing

@Suite("Drawing frames into memory")
struct FrameUpdaterTests {
    /// Plain memory standing in for a framebuffer mapping.
    final class FakeMapping {
        let memory: UnsafeMutableRawBufferPointer
        init(bytes: Int, fill: UInt8 = 0xAA) {
            memory = .allocate(byteCount: bytes, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: fill)
        }
        deinit { memory.deallocate() }
        var bytes: [UInt8] { Array(memory) }
    }

    @Test("The first frame writes every row; later frames only the rows that changed")
    func changedRowsOnly() throws {
        // RGB565 at 10x6, with 4 bytes of padding a row (line_length 24).
        let packer = try FramePacker(format: .rgb565, physicalSize: ScreenSize(width: 10, height: 6), lineLength: 24)
        var updater = FrameUpdater(packer: packer)
        let mapping = FakeMapping(bytes: packer.frameBytes)
        var canvas = Canvas(width: 10, height: 6, background: Color(0x102030))
        #expect(try updater.draw(canvas, into: mapping.memory) == [0, 1, 2, 3, 4, 5])
        #expect(try packer.unpack(UnsafeRawBufferPointer(mapping.memory)) == Canvas(width: 10, height: 6, background: packer.quantized(Color(0x102030))))
        #expect(mapping.bytes[20..<24].allSatisfy { $0 == 0xAA })  // padding untouched

        canvas.fill(Rect(x: 2, y: 2, width: 3, height: 2), with: .white)
        mapping.memory.storeBytes(of: 0x55, toByteOffset: 5 * 24, as: UInt8.self)  // a row no frame changes
        #expect(try updater.draw(canvas, into: mapping.memory) == [2, 3])
        #expect(mapping.bytes[5 * 24] == 0x55)
        #expect(try updater.draw(canvas, into: mapping.memory) == [])

        updater.invalidate()
        #expect(try updater.draw(canvas, into: mapping.memory).count == 6)
        var expected = canvas
        expected.fill(Rect(x: 0, y: 0, width: 10, height: 6), with: packer.quantized(Color(0x102030)))
        expected.fill(Rect(x: 2, y: 2, width: 3, height: 2), with: .white)
        #expect(try packer.unpack(UnsafeRawBufferPointer(mapping.memory)) == expected)
    }

    @Test("A colour change that packs to the same pixels writes nothing")
    func quantisedAway() throws {
        let packer = try FramePacker(format: .rgb565, physicalSize: ScreenSize(width: 4, height: 2))
        var updater = FrameUpdater(packer: packer)
        let mapping = FakeMapping(bytes: packer.frameBytes)
        try updater.draw(Canvas(width: 4, height: 2, background: Color(0x808080)), into: mapping.memory)
        #expect(try updater.draw(Canvas(width: 4, height: 2, background: Color(0x808081)), into: mapping.memory) == [])
    }

    @Test("One-bit MONO01 devices get inverted bits (1 is black there)")
    func monoInverted() throws {
        let packer = try FramePacker(format: .mono1, physicalSize: ScreenSize(width: 16, height: 2))
        var updater = FrameUpdater(packer: packer, invertsBits: true)
        let mapping = FakeMapping(bytes: packer.frameBytes)
        var canvas = Canvas(width: 16, height: 2)
        canvas[0, 0] = .white
        canvas[9, 1] = .white
        try updater.draw(canvas, into: mapping.memory)
        #expect(mapping.bytes == [0xFE, 0xFF, 0xFF, 0xFD])
    }

    @Test("A rotated screen diffs along physical rows")
    func rotated() throws {
        let packer = try FramePacker(format: .xrgb8888, physicalSize: ScreenSize(width: 4, height: 8), rotation: .clockwise90)
        var updater = FrameUpdater(packer: packer)
        let mapping = FakeMapping(bytes: packer.frameBytes)
        var canvas = Canvas(width: 8, height: 4)
        try updater.draw(canvas, into: mapping.memory)
        canvas[5, 0] = .white  // logical column 5 is physical row 5
        #expect(try updater.draw(canvas, into: mapping.memory) == [5])
        #expect(try packer.unpack(UnsafeRawBufferPointer(mapping.memory)) == canvas)
    }

    @Test("A target smaller than a frame is an error, not a crash")
    func smallTarget() throws {
        let packer = try FramePacker(format: .rgb565, physicalSize: ScreenSize(width: 4, height: 4))
        var updater = FrameUpdater(packer: packer)
        let mapping = FakeMapping(bytes: 8)
        #expect(throws: FramePackingError.self) { try updater.draw(Canvas(width: 4, height: 4), into: mapping.memory) }
    }
}
