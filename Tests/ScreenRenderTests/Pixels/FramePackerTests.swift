// SPDX-License-Identifier: Apache-2.0

import ScreenRender
import Testing

@Suite("Frame packing")
struct FramePackerTests {
    static let red = Color(0xFF0000), green = Color(0x00FF00), blue = Color(0x0000FF)
    /// r 0x12, g 0x34, b 0x56: no component's low bits are zero, so truncation shows.
    static let mixed = Color(0x123456)
    /// Red, green, blue, white, black and the mixed colour, left to right in one row.
    static let strip = canvas([[red, green, blue, .white, .black, mixed]])

    @Test(
        "Six pixels pack to hand-computed bytes, little-endian",
        arguments: [
            // ((r>>3)<<11)|((g>>2)<<5)|(b>>3): F800, 07E0, 001F, FFFF, 0000, 11AA.
            (PixelFormat.rgb565, [0x00, 0xF8, 0xE0, 0x07, 0x1F, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0xAA, 0x11] as [UInt8]),
            // Blue on top: 001F, 07E0, F800, FFFF, 0000, 51A2.
            (.bgr565, [0x1F, 0x00, 0xE0, 0x07, 0x00, 0xF8, 0xFF, 0xFF, 0x00, 0x00, 0xA2, 0x51]),
            // B G R X; the unused byte is 0.
            (.xrgb8888, [0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0xFF, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0x56, 0x34, 0x12, 0]),
            (.rgb888, [0, 0, 0xFF, 0, 0xFF, 0, 0xFF, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0x56, 0x34, 0x12]),
            // Luminance (299 r + 587 g + 114 b) / 1000: 76, 149, 29, 255, 0, 45.
            (.gray8, [76, 149, 29, 255, 0, 45]),
            // Cube index 36 r + 6 g + b of levels 0...5; 0x123456 is nearest cube (0, 51, 102) = 8.
            (.indexed8, [180, 30, 5, 215, 0, 8]),
            // Lit from luminance 128: red 76, green 149, blue 29, white, black, mixed 45.
            (.mono1, [0b0000_1010]),
        ])
    func knownBytes(format: PixelFormat, expected: [UInt8]) throws {
        #expect(try packedBytes(Self.strip, format: format) == expected)
    }

    @Test("A padded 1-bit row: width 10 in 2 bytes of a 3-byte line, unused bits cleared, padding untouched")
    func monoPadded() throws {
        var picture = Canvas(width: 10, height: 2)
        // Row 0: x 0, 3, 9 lit, and grey 127 at x 1 is not; row 1: grey 128 at x 7, white at x 8.
        for x in [0, 3, 9] { picture[x, 0] = .white }
        picture[1, 0] = grey(127)
        picture[7, 1] = grey(128)
        picture[8, 1] = .white
        let bytes = try packedBytes(picture, format: .mono1, lineLength: 3, fill: 0xFF)
        #expect(
            bytes == [
                0b0000_1001, 0b0000_0010, 0xFF,
                0b1000_0000, 0b0000_0001, 0xFF,
            ])
    }

    @Test("A padded RGB565 line: pixels at the stride, padding untouched")
    func rgb565Padded() throws {
        let picture = canvas([[Self.red, Self.blue], [Self.green, .white]])
        let bytes = try packedBytes(picture, format: .rgb565, lineLength: 6, fill: 0xEE)
        #expect(
            bytes == [
                0x00, 0xF8, 0x1F, 0x00, 0xEE, 0xEE,
                0xE0, 0x07, 0xFF, 0xFF, 0xEE, 0xEE,
            ])
    }

    @Test("A transparency field is set, so drivers that honour alpha show the picture")
    func opaque() throws {
        let argb = try PixelFormat(
            bitsPerPixel: 32, red: ColorField(offset: 16, length: 8), green: ColorField(offset: 8, length: 8),
            blue: ColorField(offset: 0, length: 8), transparency: ColorField(offset: 24, length: 8))
        #expect(try packedBytes(canvas([[Self.mixed]]), format: argb) == [0x56, 0x34, 0x12, 0xFF])
    }

    @Test(
        "Colours come back from a packed frame as each format quantises them",
        arguments: [
            // 5- and 6-bit fields widen by repeating their bits: r 2 -> 0x10, g 13 -> 0x34, b 10 -> 0x52.
            (PixelFormat.rgb565, Color(0x103452)),
            (.bgr565, Color(0x103452)),
            (.xrgb8888, mixed),
            (.rgb888, mixed),
            (.gray8, grey(45)),
            (.indexed8, Color(0x003366)),
            (.mono1, .black),
        ])
    func quantisation(format: PixelFormat, expected: Color) throws {
        let packer = try FramePacker(format: format, logicalSize: ScreenSize(width: 1, height: 1))
        #expect(packer.quantized(Self.mixed) == expected)
        let bytes = try packedBytes(canvas([[Self.mixed]]), format: format)
        #expect(try bytes.withUnsafeBytes { try packer.unpack($0) }[0, 0] == expected)
    }

    static let everyFormat: [PixelFormat] = [.rgb565, .bgr565, .xrgb8888, .rgb888, .gray8, .indexed8, .mono1]

    @Test(
        "Pack then unpack gives the canvas back: exactly at 24 and 32 bits, quantised otherwise",
        arguments: everyFormat, Rotation.allCases)
    func roundTrip(format: PixelFormat, rotation: Rotation) throws {
        let picture = sampleCanvas(width: 11, height: 7)
        let packer = try FramePacker(
            format: format, logicalSize: ScreenSize(width: 11, height: 7), rotation: rotation,
            lineLength: ((rotation.swapsSides ? 7 : 11) * format.bitsPerPixel + 7) / 8 + 3)
        var bytes = [UInt8](repeating: 0, count: packer.frameBytes)
        try bytes.withUnsafeMutableBytes { try packer.pack(picture, into: $0) }
        let back = try bytes.withUnsafeBytes { try packer.unpack($0) }
        #expect(back.width == 11 && back.height == 7)
        if format.bitsPerPixel >= 24 {
            #expect(back == picture)
        } else {
            var expected = picture
            for y in 0..<7 { for x in 0..<11 { expected[x, y] = packer.quantized(picture[x, y]) } }
            #expect(back == expected)
            #expect(back != picture)
        }
    }

    @Test("Packing chosen rows writes those rows only")
    func someRows() throws {
        let picture = canvas([[Self.red], [Self.green], [Self.blue]])
        let packer = try FramePacker(format: .rgb565, logicalSize: ScreenSize(width: 1, height: 3))
        var bytes = [UInt8](repeating: 0, count: packer.frameBytes)
        try bytes.withUnsafeMutableBytes { try packer.pack(picture, rows: [2], into: $0) }
        #expect(bytes == [0, 0, 0, 0, 0x1F, 0x00])
        #expect(throws: FramePackingError.rowOutOfRange(3, height: 3)) {
            try bytes.withUnsafeMutableBytes { try packer.pack(picture, rows: [0, 3], into: $0) }
        }
        #expect(bytes == [0x00, 0xF8, 0, 0, 0x1F, 0x00])
    }

    @Test("Sizes that do not fit are refused with the numbers involved")
    func errors() throws {
        #expect(throws: FramePackingError.lineLengthTooShort(lineLength: 639, minimum: 640, format: .rgb565, width: 320)) {
            try FramePacker(format: .rgb565, physicalSize: ScreenSize(width: 320, height: 240), lineLength: 639)
        }
        #expect(throws: FramePackingError.emptyScreen(ScreenSize(width: 0, height: 64))) {
            try FramePacker(format: .mono1, physicalSize: ScreenSize(width: 0, height: 64))
        }
        let packer = try FramePacker(format: .mono1, physicalSize: ScreenSize(width: 64, height: 128), rotation: .clockwise90)
        #expect(packer.logicalSize == ScreenSize(width: 128, height: 64))
        #expect(packer.lineLength == 8 && packer.frameBytes == 1024)
        var small = [UInt8](repeating: 0, count: 1023)
        #expect(throws: FramePackingError.bufferTooSmall(bytes: 1023, needed: 1024)) {
            try small.withUnsafeMutableBytes { try packer.pack(Canvas(width: 128, height: 64), into: $0) }
        }
        var frame = [UInt8](repeating: 0, count: 1024)
        #expect(throws: FramePackingError.canvasSize(ScreenSize(width: 64, height: 128), expected: ScreenSize(width: 128, height: 64))) {
            try frame.withUnsafeMutableBytes { try packer.pack(Canvas(width: 64, height: 128), into: $0) }
        }
        #expect(
            FramePackingError.lineLengthTooShort(lineLength: 639, minimum: 640, format: .rgb565, width: 320).description
                == "a line length of 639 bytes is too short for 320 pixels at 16 bits per pixel;"
                + " a row needs at least 640 bytes (check the framebuffer's line_length)")
    }
}
