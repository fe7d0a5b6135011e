// SPDX-License-Identifier: Apache-2.0

import ScreenRender
import Testing

@Suite("Pixel formats")
struct PixelFormatTests {
    static let fieldsAdvice =
        "; t9dial needs red, green and blue of 1 to 8 bits each, inside the pixel and not overlapping"
        + " (choose another mode, e.g. `fbset -depth 16` or `-depth 32`)"

    static func field(_ offset: Int, _ length: Int) -> ColorField { ColorField(offset: offset, length: length) }

    @Test(
        "Layouts a framebuffer can report are taken, with their kind",
        arguments: [
            (16, field(11, 5), field(5, 6), field(0, 5), false, PixelFormat.Kind.trueColor),
            (16, field(0, 5), field(5, 6), field(11, 5), false, .trueColor),
            (32, field(16, 8), field(8, 8), field(0, 8), false, .trueColor),
            (32, field(0, 8), field(8, 8), field(16, 8), false, .trueColor),
            (24, field(16, 8), field(8, 8), field(0, 8), false, .trueColor),
            (16, field(10, 5), field(5, 5), field(0, 5), false, .trueColor),
            (8, field(0, 8), field(0, 8), field(0, 8), true, .grayscale),
            (8, field(0, 8), field(0, 8), field(0, 8), false, .pseudocolor),
            (8, field(0, 0), field(0, 0), field(0, 0), false, .pseudocolor),
            (1, field(0, 1), field(0, 1), field(0, 1), false, .monochrome),
            (1, field(0, 1), field(0, 1), field(0, 1), true, .monochrome),
        ])
    func accepted(bpp: Int, red: ColorField, green: ColorField, blue: ColorField, grayscale: Bool, kind: PixelFormat.Kind) throws {
        let format = try PixelFormat(bitsPerPixel: bpp, red: red, green: green, blue: blue, grayscale: grayscale)
        #expect(format.kind == kind)
        #expect(format.bitsPerPixel == bpp)
    }

    @Test(
        "Layouts t9dial cannot pack are refused naming the depth and the fields",
        arguments: [
            (
                12, field(8, 4), field(4, 4), field(0, 4),
                "12 bits per pixel is not supported; t9dial draws at 1, 8, 16, 24 and 32 (choose another mode, e.g. `fbset -depth 16`)"
            ),
            (
                0, field(0, 0), field(0, 0), field(0, 0),
                "0 bits per pixel is not supported; t9dial draws at 1, 8, 16, 24 and 32 (choose another mode, e.g. `fbset -depth 16`)"
            ),
            (
                16, field(11, 5), field(4, 6), field(0, 5),
                "16 bits per pixel with red at offset 11 length 5, green at offset 4 length 6, blue at offset 0 length 5"
                    + " is not supported: green and blue overlap" + fieldsAdvice
            ),
            (
                32, field(20, 10), field(10, 10), field(0, 10),
                "32 bits per pixel with red at offset 20 length 10, green at offset 10 length 10, blue at offset 0 length 10"
                    + " is not supported: red is 10 bits long" + fieldsAdvice
            ),
            (
                16, field(11, 5), field(5, 6), field(12, 5),
                "16 bits per pixel with red at offset 11 length 5, green at offset 5 length 6, blue at offset 12 length 5"
                    + " is not supported: blue runs outside bits 0-15" + fieldsAdvice
            ),
            (
                24, field(16, 8), field(8, 0), field(0, 8),
                "24 bits per pixel with red at offset 16 length 8, green at offset 8 length 0, blue at offset 0 length 8"
                    + " is not supported: green has no bits" + fieldsAdvice
            ),
        ])
    func refused(bpp: Int, red: ColorField, green: ColorField, blue: ColorField, message: String) {
        #expect(throws: UnsupportedPixelFormat(bitsPerPixel: bpp, red: red, green: green, blue: blue, message: message)) {
            try PixelFormat(bitsPerPixel: bpp, red: red, green: green, blue: blue)
        }
    }

    @Test("A transparency field overlapping a colour is refused; one beside them is kept")
    func transparency() throws {
        let alpha = try PixelFormat(
            bitsPerPixel: 32, red: Self.field(16, 8), green: Self.field(8, 8), blue: Self.field(0, 8), transparency: Self.field(24, 8))
        #expect(alpha.transparency == Self.field(24, 8))
        #expect(throws: UnsupportedPixelFormat.self) {
            try PixelFormat(
                bitsPerPixel: 32, red: Self.field(16, 8), green: Self.field(8, 8), blue: Self.field(0, 8), transparency: Self.field(20, 8))
        }
    }

    @Test(
        "Presets are the layouts they are named for",
        arguments: [
            (PixelFormat.rgb565, 16, field(11, 5), field(5, 6), field(0, 5), PixelFormat.Kind.trueColor),
            (.bgr565, 16, field(0, 5), field(5, 6), field(11, 5), .trueColor),
            (.xrgb8888, 32, field(16, 8), field(8, 8), field(0, 8), .trueColor),
            (.rgb888, 24, field(16, 8), field(8, 8), field(0, 8), .trueColor),
            (.gray8, 8, field(0, 8), field(0, 8), field(0, 8), .grayscale),
            (.indexed8, 8, field(0, 8), field(0, 8), field(0, 8), .pseudocolor),
            (.mono1, 1, field(0, 1), field(0, 1), field(0, 1), .monochrome),
        ])
    func presets(format: PixelFormat, bpp: Int, red: ColorField, green: ColorField, blue: ColorField, kind: PixelFormat.Kind) throws {
        #expect(format.bitsPerPixel == bpp)
        #expect(format.kind == kind)
        #expect([format.red, format.green, format.blue] == [red, green, blue])
        let checked = try PixelFormat(bitsPerPixel: bpp, red: red, green: green, blue: blue, grayscale: kind == .grayscale)
        #expect(checked == format)
    }
}
