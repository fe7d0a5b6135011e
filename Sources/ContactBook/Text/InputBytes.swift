// SPDX-License-Identifier: Apache-2.0

/// Gives the parsers a file's contents as UTF-8-compatible bytes without a byte-order mark.
///
/// UTF-8 input (the usual case) is passed through without copying. UTF-16 files, which some
/// Windows tools write, are recognised by their byte-order mark and transcoded to UTF-8 first.
enum InputBytes {
    static func withParsableBytes<Result>(
        _ bytes: some Collection<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable({ withParsableBuffer($0, body) }) {
            return result
        }
        return Array(bytes).withUnsafeBufferPointer { withParsableBuffer($0, body) }
    }

    private static func withParsableBuffer<Result>(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            return body(buffer[3...].rebased)
        }
        if buffer.count >= 2, let bigEndian = utf16ByteOrder(buffer[0], buffer[1]) {
            var utf8 = transcodeUTF16(buffer[2...].rebased, bigEndian: bigEndian)
            return utf8.withUnsafeMutableBufferPointer { body(UnsafeBufferPointer($0)) }
        }
        return body(buffer)
    }

    /// true for a big-endian byte-order mark, false for little-endian, nil for none.
    private static func utf16ByteOrder(_ first: UInt8, _ second: UInt8) -> Bool? {
        switch (first, second) {
        case (0xFE, 0xFF): true
        case (0xFF, 0xFE): false
        default: nil
        }
    }

    private static func transcodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> [UInt8] {
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { index -> UInt16 in
            let high = UInt16(bytes[bigEndian ? index : index + 1])
            let low = UInt16(bytes[bigEndian ? index + 1 : index])
            return high << 8 | low
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
