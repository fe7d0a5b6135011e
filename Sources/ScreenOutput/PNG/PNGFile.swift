// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// PNG files of canvases: what `t9dial` saves as screenshots and what golden-image tests
/// compare against. Writing gives exactly the canvas's pixels in the chosen format
/// (`PNGFormat`); reading takes the kinds written here back into a canvas.
public enum PNGFile {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `canvas` as the bytes of a PNG: IHDR, one IDAT, IEND, each with its CRC. 8-bit rows
    /// use PNG's Sub filter (a flat run of colour becomes zeros, which compress well); 1-bit
    /// rows are stored unfiltered.
    public static func encode(_ canvas: Canvas, format: PNGFormat = .rgb) throws(PNGError) -> [UInt8] {
        guard canvas.width > 0, canvas.height > 0 else { throw PNGError(.emptyCanvas) }
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(canvas.width))
        header.appendBigEndian(UInt32(canvas.height))
        header += [format.bitDepth, format.colorType, 0, 0, 0]  // deflate, adaptive filters, no interlace

        let data: [UInt8]
        // zlib's default level: screens of flat colour gain almost nothing at 9, at twice the time.
        do { data = try Zlib.deflate(filteredRows(canvas, format: format), level: 6) } catch { throw PNGError(.zlib(error)) }

        var png = signature
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", data, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Writes `canvas` as a PNG at `path`, atomically (a temporary file in the same folder,
    /// then a rename), so a viewer never sees half a picture.
    public static func write(_ canvas: Canvas, to path: String, format: PNGFormat = .rgb) throws(PNGError) {
        let bytes: [UInt8]
        do { bytes = try encode(canvas, format: format) } catch { throw PNGError(error.reason, path: path) }
        do { try FileBytes.writeAtomically(bytes, to: path) } catch { throw PNGError(.file(error), path: path) }
    }

    /// Throws unless a PNG can be written at `path`: nothing is there or a regular file this
    /// process may write, in a folder it may write to (for the temporary file renamed over it).
    /// Checked before a run draws its first picture, so a wrong path fails at once.
    public static func checkWritable(_ path: String) throws(PNGError) {
        do { try FileBytes.checkWritable(path) } catch { throw PNGError(.file(error), path: path) }
    }

    /// The largest PNG read, and the most its pixels may take: 64 MiB each, far more than a
    /// small screen's golden picture.
    static let maxFileBytes = 64 << 20
    static let maxPixelBytes = 64 << 20

    /// The canvas in the PNG at `path`.
    public static func read(_ path: String) throws(PNGError) -> Canvas {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, maxBytes: maxFileBytes) } catch { throw PNGError(.file(error), path: path) }
        do { return try decode(bytes) } catch { throw PNGError(error.reason, path: path) }
    }

    /// Each row of the picture in `format`, preceded by its filter byte.
    static func filteredRows(_ canvas: Canvas, format: PNGFormat) -> [UInt8] {
        let rowBytes = format.rowBytes(width: canvas.width)
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * canvas.height)
        canvas.pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<canvas.height {
                    let line = y * (rowBytes + 1)
                    let first = y * canvas.width
                    // The filter byte, then the row: Sub (each byte less the one a pixel to its
                    // left) for 8-bit rows, None for one-bit rows.
                    switch format {
                    case .rgb:
                        out[line] = 1
                        var previous = (red: UInt8(0), green: UInt8(0), blue: UInt8(0))
                        for x in 0..<canvas.width {
                            let color = pixels[first + x]
                            out[line + 1 + x * 3] = color.red &- previous.red
                            out[line + 2 + x * 3] = color.green &- previous.green
                            out[line + 3 + x * 3] = color.blue &- previous.blue
                            previous = (color.red, color.green, color.blue)
                        }
                    case .gray8:
                        out[line] = 1
                        var previous: UInt8 = 0
                        for x in 0..<canvas.width {
                            let luminance = pixels[first + x].luminance
                            out[line + 1 + x] = luminance &- previous
                            previous = luminance
                        }
                    case .mono1:
                        out[line] = 0
                        for x in 0..<canvas.width where pixels[first + x].luminance >= 128 {
                            out[line + 1 + x / 8] |= 0x80 >> UInt8(x % 8)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.appendBigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png.appendBigEndian(Zlib.crc32(data, continuing: Zlib.crc32(typeBytes)))
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ])
    }

    func bigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
