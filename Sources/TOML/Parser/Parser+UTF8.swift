// SPDX-License-Identifier: Apache-2.0

extension Parser {
    /// Fails at the first byte that does not belong to well-formed UTF-8 (an overlong form, a
    /// surrogate, a value past U+10FFFF, a sequence cut short), naming a UTF-16 file as such,
    /// and skips a byte order mark at the start.
    mutating func checkUTF8() throws(TOMLError) {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw failure("the file is UTF-16 (it starts with a UTF-16 byte order mark); TOML files must be UTF-8")
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        var at = index
        while at < bytes.count {
            let length = Self.sequenceLength(at: at, in: bytes)
            if length == 0 {
                // Move the line count up to the bad byte, for its position.
                while index < at {
                    if bytes[index] == .lineFeed {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                let byte = String(bytes[at], radix: 16, uppercase: true)
                let error = TOMLError(
                    at: position(at: at), "the byte 0x\(byte.count < 2 ? "0" + byte : byte) is not UTF-8 here; save the file as UTF-8")
                throw error
            }
            at += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `at` (1 to 4), 0 when there is none
    /// (the table of well-formed sequences in the Unicode Standard, 3.9).
    private static func sequenceLength(at start: Int, in bytes: [UInt8]) -> Int {
        let first = bytes[start]
        if first < 0x80 { return 1 }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            start + offset < bytes.count && range.contains(bytes[start + offset])
        }
        switch first {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
