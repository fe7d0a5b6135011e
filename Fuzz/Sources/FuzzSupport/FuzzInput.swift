// SPDX-License-Identifier: Apache-2.0

/// The bytes libFuzzer hands `LLVMFuzzerTestOneInput`, copied: `data` is NULL for an empty input.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

extension Array where Element == UInt8 {
    /// How many lines the input has, counting a last line without a line feed, and a CR alone
    /// as a line break too (the parsers accept both): the most any line number in it can be.
    /// The same count as Tests/FuzzTests' `lineCount`.
    public var lineCount: Int {
        var lines = 1
        for (index, byte) in enumerated() where byte == 0x0A || (byte == 0x0D && (index + 1 == count || self[index + 1] != 0x0A)) {
            lines += 1
        }
        return lines
    }

    /// The input as text, invalid UTF-8 replaced, as a file read into a String would be.
    public var text: String { String(decoding: self, as: UTF8.self) }
}
