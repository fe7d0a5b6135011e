// SPDX-License-Identifier: Apache-2.0

/// Chooses how to decode a CSV file, which unlike vCard cannot declare its character set.
///
/// Google writes UTF-8. Outlook writes the Windows code page of the machine, which for Western
/// European names is Windows-1252: a file with bytes above 0x7F and not a single valid UTF-8
/// sequence among them is read as Windows-1252. A file with some valid UTF-8 sequences is read
/// as UTF-8, its broken bytes replaced with U+FFFD and reported row by row.
enum CSVCharset {
    static func guess(for bytes: UnsafeBufferPointer<UInt8>) -> TextCharset {
        var validSequences = 0
        var invalidBytes = 0
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length =
                switch lead {
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 0
                }
            if length > 0, index + length <= bytes.count,
                bytes[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
            {
                validSequences += 1
                index += length
            } else {
                invalidBytes += 1
                index += 1
            }
        }
        return invalidBytes > 0 && validSequences == 0 ? .windows1252 : .utf8
    }
}
