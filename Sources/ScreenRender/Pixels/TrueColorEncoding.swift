// SPDX-License-Identifier: Apache-2.0

/// The shifts that put an 8-bit colour into a true-colour pixel's fields and take it out
/// again, worked out once per format so that packing a pixel is shifts and ors.
struct TrueColorEncoding: Sendable, Hashable {
    let redDrop: UInt32, redOffset: UInt32, redLength: Int
    let greenDrop: UInt32, greenOffset: UInt32, greenLength: Int
    let blueDrop: UInt32, blueOffset: UInt32, blueLength: Int
    /// Every transparency bit set: opaque.
    let opaque: UInt32

    init(_ format: PixelFormat) {
        redDrop = UInt32(8 - format.red.length); redOffset = UInt32(format.red.offset); redLength = format.red.length
        greenDrop = UInt32(8 - format.green.length); greenOffset = UInt32(format.green.offset); greenLength = format.green.length
        blueDrop = UInt32(8 - format.blue.length); blueOffset = UInt32(format.blue.offset); blueLength = format.blue.length
        opaque = UInt32(truncatingIfNeeded: format.transparency.mask)
    }

    /// The pixel value: each component keeps its top `length` bits (RGB565 is
    /// `((r>>3)<<11)|((g>>2)<<5)|(b>>3)`); bits outside the fields are 0, transparency is 1s.
    @inline(__always)
    func encode(_ color: Color) -> UInt32 {
        ((UInt32(color.red) &>> redDrop) &<< redOffset)
            | ((UInt32(color.green) &>> greenDrop) &<< greenOffset)
            | ((UInt32(color.blue) &>> blueDrop) &<< blueOffset)
            | opaque
    }

    /// The colour a pixel value shows: each field widened back to 8 bits by repeating its bits
    /// (5-bit 0b10000 is 0b10000100), so full fields read back as 255 and empty ones as 0.
    func decode(_ value: UInt32) -> Color {
        Color(
            red: Self.widen(value &>> redOffset, length: redLength),
            green: Self.widen(value &>> greenOffset, length: greenLength),
            blue: Self.widen(value &>> blueOffset, length: blueLength))
    }

    /// The low `length` bits of `bits`, repeated to fill 8 bits.
    static func widen(_ bits: UInt32, length: Int) -> UInt8 {
        let field = bits & ((1 << UInt32(length)) - 1)
        var wide: UInt32 = 0
        var filled = 0
        while filled < 8 {
            wide = (wide << UInt32(length)) | field
            filled += length
        }
        return UInt8(truncatingIfNeeded: wide >> UInt32(filled - 8))
    }
}
