// SPDX-License-Identifier: Apache-2.0

/// Reading a packed frame back into the picture it shows, so tests (and the VM test, from the
/// real framebuffer) can compare what was written with what was drawn.
extension FramePacker {
    /// The logical canvas `buffer` shows: true colour widened back to 8 bits per component,
    /// grey as a grey colour, pseudocolour as its palette colour, monochrome as white (lit)
    /// or black. Exact for 24 and 32 bits per pixel; the other formats give the colour packing
    /// quantised to.
    public func unpack(_ buffer: UnsafeRawBufferPointer) throws(FramePackingError) -> Canvas {
        guard buffer.count >= frameBytes else { throw .bufferTooSmall(bytes: buffer.count, needed: frameBytes) }
        var canvas = Canvas(width: logicalSize.width, height: logicalSize.height)
        let encoding = TrueColorEncoding(format)
        for physicalY in 0..<physicalSize.height {
            let row = physicalY * lineLength
            for physicalX in 0..<physicalSize.width {
                let color: Color
                switch format.kind {
                case .trueColor:
                    let size = format.bitsPerPixel / 8
                    var value: UInt32 = 0
                    for byte in 0..<size {
                        value |= UInt32(buffer[row + physicalX * size + byte]) << UInt32(8 * byte)
                    }
                    color = encoding.decode(value)
                case .grayscale:
                    let grey = buffer[row + physicalX]
                    color = Color(red: grey, green: grey, blue: grey)
                case .pseudocolor:
                    color = palette[buffer[row + physicalX]]
                case .monochrome:
                    let lit = buffer[row + physicalX / 8] & (1 << UInt8(physicalX % 8)) != 0
                    color = lit ? .white : .black
                }
                let logical = rotation.logicalPoint(x: physicalX, y: physicalY, logical: logicalSize)
                canvas[logical.x, logical.y] = color
            }
        }
        return canvas
    }

    /// The colour `color` shows as once packed in this format: what `unpack` gives back for
    /// it, so tests can state the quantisation.
    public func quantized(_ color: Color) -> Color {
        switch format.kind {
        case .trueColor:
            let encoding = TrueColorEncoding(format)
            return encoding.decode(encoding.encode(color))
        case .grayscale:
            let grey = color.luminance
            return Color(red: grey, green: grey, blue: grey)
        case .pseudocolor:
            return palette[palette.nearestIndex(to: color)]
        case .monochrome:
            return color.luminance >= 128 ? .white : .black
        }
    }
}
