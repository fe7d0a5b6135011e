// SPDX-License-Identifier: Apache-2.0

import CZlib
import SystemCalls

/// Every zlib call t9dial makes, behind small Swift functions: deflate for PNG's IDAT chunk,
/// CRC-32 for PNG's chunks, inflate for reading PNGs back, and gunzip for `.psf.gz` console
/// fonts.
public enum Zlib {
    /// Whether `bytes` start with gzip's magic number (1f 8b), as `.psf.gz` fonts do.
    public static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// `bytes` compressed as a zlib stream (2-byte header, deflate data, Adler-32), which is
    /// what a PNG's IDAT chunks hold. `level` is 0 (store) to 9 (smallest). (compressBound,
    /// compress2)
    public static func deflate(_ bytes: [UInt8], level: Int32 = 9) throws(ZlibError) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let code = output.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &capacity, input.baseAddress, uLong(input.count), level)
            }
        }
        guard code == Z_OK else { throw ZlibError(operation: .deflate, code: code, detail: codeName(code)) }
        output.removeSubrange(Int(capacity)...)
        return output
    }

    /// The bytes a zlib stream holds (what `deflate` made; a PNG's joined IDAT data), of
    /// `maxBytes` at most. (inflateInit_, inflate, inflateEnd)
    public static func inflate(_ bytes: [UInt8], maxBytes: Int) throws(ZlibError) -> [UInt8] {
        try inflate(bytes, windowBits: MAX_WBITS, operation: .inflate, maxBytes: maxBytes)
    }

    /// The bytes a gzip file holds (`gzip` output: header, deflate data, CRC-32 and length),
    /// for `.psf.gz` console fonts; concatenated gzip members are joined as `gunzip` does.
    /// (inflateInit2_ with 16 + MAX_WBITS, inflate, inflateReset, inflateEnd)
    /// A stream that uncompresses to more than `maxBytes` (a few kilobytes can hold gigabytes)
    /// is refused.
    public static func gunzip(_ bytes: [UInt8], maxBytes: Int) throws(ZlibError) -> [UInt8] {
        guard isGzip(bytes) else {
            throw ZlibError(operation: .gunzip, code: Z_DATA_ERROR, detail: "no gzip header (the bytes do not start with 1f 8b)")
        }
        return try inflate(bytes, windowBits: 16 + MAX_WBITS, operation: .gunzip, maxBytes: maxBytes)
    }

    /// CRC-32 of `bytes`, carrying on from `crc` (0 to start), as PNG chunks and gzip use it.
    /// (crc32)
    public static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// Adler-32 of `bytes`, carrying on from `adler` (1 to start), the checksum ending a zlib
    /// stream. (adler32)
    public static func adler32(_ bytes: [UInt8], continuing adler: UInt32 = 1) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CZlib.adler32(uLong(adler), buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// Streams `bytes` through inflate with the given window bits (15: zlib, 31: gzip) until the
    /// stream ends, growing the output as it goes. (inflateInit2_, inflate, inflateReset,
    /// inflateEnd)
    private static func inflate(_ bytes: [UInt8], windowBits: Int32, operation: ZlibError.Operation, maxBytes: Int) throws(ZlibError) -> [UInt8] {
        var stream = z_stream()
        let initCode = inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard initCode == Z_OK else { throw ZlibError(operation: operation, code: initCode, detail: codeName(initCode)) }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(max(16_384, bytes.count * 4), 1 << 20))
        let result: Result<Void, ZlibError> = bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let code = chunk.withUnsafeMutableBufferPointer { chunk in
                    stream.next_out = chunk.baseAddress
                    stream.avail_out = uInt(chunk.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                if output.count > maxBytes {
                    return .failure(
                        ZlibError(operation: operation, code: Z_DATA_ERROR, detail: "it uncompresses to more than \(FileProblem.size(maxBytes)), the limit"))
                }
                switch code {
                case Z_OK:
                    continue
                case Z_STREAM_END:
                    // gzip allows several members one after another; gunzip joins them.
                    let rest = Int(stream.avail_in)
                    if operation == .gunzip, rest >= 2, input[input.count - rest] == 0x1F, input[input.count - rest + 1] == 0x8B {
                        inflateReset(&stream)
                        continue
                    }
                    return .success(())
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .failure(ZlibError(operation: operation, code: Z_BUF_ERROR, detail: "the stream ends before its end marker"))
                default:
                    let detail = stream.msg.map { String(cString: $0) } ?? codeName(code)
                    return .failure(ZlibError(operation: operation, code: code == Z_NEED_DICT ? Z_DATA_ERROR : code, detail: detail))
                }
            }
        }
        try result.get()
        return output
    }

    /// zlib's name for a return code. (zError)
    private static func codeName(_ code: Int32) -> String {
        String(cString: zError(code))
    }
}
