// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

extension PNGFile {
    /// The largest picture `decode` accepts (64 megapixels), so a damaged header cannot make it
    /// allocate gigabytes.
    static let maximumPixels = 1 << 26

    /// The canvas in a PNG's bytes, for the kinds t9dial writes and a few more: 8-bit RGB,
    /// 8-bit RGBA (alpha dropped), grey of 1, 2, 4 or 8 bits (scaled to 0...255), not
    /// interlaced, with any of PNG's five filters. Every chunk's CRC is checked.
    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> Canvas {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw PNGError(.malformed("it does not start with the PNG signature (89 50 4E 47 0D 0A 1A 0A)"))
        }
        var header: Header?
        var data: [UInt8] = []
        var offset = 8
        var ended = false
        while !ended {
            guard offset + 12 <= bytes.count else { throw PNGError(.malformed("it ends in the middle of a chunk, before IEND")) }
            let length = Int(bytes.bigEndianUInt32(at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw PNGError(.malformed("chunk \(type) runs past the end of the file")) }
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let stored = bytes.bigEndianUInt32(at: offset + 8 + length)
            guard Zlib.crc32(body, continuing: Zlib.crc32(Array(bytes[(offset + 4)..<(offset + 8)]))) == stored else {
                throw PNGError(.malformed("chunk \(type) at byte \(offset) has a wrong CRC"))
            }
            switch type {
            case "IHDR": header = try Header(body)
            case "IDAT": data += body
            case "IEND": ended = true
            default: break  // ancillary chunks (gAMA, tEXt...) do not change the pixels
            }
            offset += 12 + length
        }
        guard let header else { throw PNGError(.malformed("there is no IHDR chunk")) }
        guard !data.isEmpty else { throw PNGError(.malformed("there is no IDAT chunk")) }
        let raw: [UInt8]
        do { raw = try Zlib.inflate(data, maxBytes: PNGFile.maxPixelBytes) } catch { throw PNGError(.zlib(error)) }
        let rows = try unfilter(raw, header: header)
        return canvas(from: rows, header: header)
    }

    /// What IHDR says, checked for the kinds `decode` reads.
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        /// 0 grey, 2 RGB, 6 RGBA.
        var colorType: UInt8

        init(_ body: [UInt8]) throws(PNGError) {
            guard body.count == 13 else { throw PNGError(.malformed("IHDR is \(body.count) bytes, not 13")) }
            width = Int(body.bigEndianUInt32(at: 0))
            height = Int(body.bigEndianUInt32(at: 4))
            bitDepth = Int(body[8])
            colorType = body[9]
            guard width > 0, height > 0 else { throw PNGError(.malformed("the size is \(width)x\(height)")) }
            guard width <= PNGFile.maximumPixels / height else {
                throw PNGError(.unsupported("the picture is \(width)x\(height), more than \(PNGFile.maximumPixels) pixels"))
            }
            guard body[10] == 0, body[11] == 0 else { throw PNGError(.malformed("unknown compression or filter method")) }
            guard body[12] == 0 else { throw PNGError(.unsupported("it is interlaced (Adam7)")) }
            switch (colorType, bitDepth) {
            case (0, 1), (0, 2), (0, 4), (0, 8), (2, 8), (6, 8): break
            case (3, _): throw PNGError(.unsupported("it uses a palette (colour type 3)"))
            default: throw PNGError(.unsupported("colour type \(colorType) at \(bitDepth) bits a sample"))
            }
        }

        var channels: Int { colorType == 2 ? 3 : colorType == 6 ? 4 : 1 }
        /// Bytes in a row without the filter byte.
        var rowBytes: Int { (width * channels * bitDepth + 7) / 8 }
        /// The distance filters look left: bytes a pixel, at least 1.
        var filterStep: Int { max(1, channels * bitDepth / 8) }
    }

    /// The rows of pixel bytes, filter bytes removed and each filter (None, Sub, Up, Average,
    /// Paeth) undone.
    static func unfilter(_ raw: [UInt8], header: Header) throws(PNGError) -> [UInt8] {
        let rowBytes = header.rowBytes, step = header.filterStep
        guard raw.count >= (rowBytes + 1) * header.height else {
            throw PNGError(.malformed("the image data holds \(raw.count) bytes, fewer than the \((rowBytes + 1) * header.height) of \(header.height) rows"))
        }
        var out = [UInt8](repeating: 0, count: rowBytes * header.height)
        for y in 0..<header.height {
            let filter = raw[y * (rowBytes + 1)]
            let source = y * (rowBytes + 1) + 1, row = y * rowBytes, above = row - rowBytes
            for i in 0..<rowBytes {
                let left = i >= step ? out[row + i - step] : 0
                let up = y > 0 ? out[above + i] : 0
                let upLeft = y > 0 && i >= step ? out[above + i - step] : 0
                let predictor: UInt8
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = UInt8((Int(left) + Int(up)) / 2)
                case 4: predictor = paeth(left, up, upLeft)
                default: throw PNGError(.malformed("row \(y) has filter type \(filter); PNG defines 0 to 4"))
                }
                out[row + i] = raw[source + i] &+ predictor
            }
        }
        return out
    }

    /// PNG's Paeth predictor: whichever of left, up and upper-left is closest to
    /// left + up - upper-left.
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The canvas from unfiltered rows.
    static func canvas(from rows: [UInt8], header: Header) -> Canvas {
        var canvas = Canvas(width: header.width, height: header.height)
        let rowBytes = header.rowBytes
        for y in 0..<header.height {
            let row = y * rowBytes
            for x in 0..<header.width {
                switch header.colorType {
                case 2, 6:
                    let at = row + x * header.channels
                    canvas[x, y] = Color(red: rows[at], green: rows[at + 1], blue: rows[at + 2])
                default:
                    let depth = header.bitDepth
                    let bit = x * depth
                    let shift = 8 - depth - bit % 8
                    let sample = Int(rows[row + bit / 8] >> UInt8(shift)) & ((1 << depth) - 1)
                    let grey = UInt8(sample * 255 / ((1 << depth) - 1))
                    canvas[x, y] = Color(red: grey, green: grey, blue: grey)
                }
            }
        }
        return canvas
    }
}
