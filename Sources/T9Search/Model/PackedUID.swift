// SPDX-License-Identifier: Apache-2.0

/// A UID that is a UUID, as phones and mail clients write them ("urn:uuid:" then 32 hex
/// digits, or 8-4-4-4-12 with dashes, in one case), stored in 17 bytes instead of up to 45:
/// a form byte, then the 16 bytes the hex digits spell. In a 100,000-contact book that is
/// 2.4 MB less.
///
/// The form byte is 0xF8 and up, which no UTF-8 text starts with, so a stored UID says itself
/// whether it is packed; any other UID is stored as it is written. Unpacking gives back the
/// very same text.
enum PackedUID {
    static let length = 17
    private static let marker: UInt8 = 0xF8
    private static let prefixFlag: UInt8 = 1
    private static let dashesFlag: UInt8 = 2
    private static let upperFlag: UInt8 = 4
    private static let prefix = Array("urn:uuid:".utf8)
    /// Where the dashes of a UUID go in its text.
    private static let dashPositions = [8, 13, 18, 23]

    /// Appends the packed form of `uid` to `bytes` and returns true, or returns false and
    /// appends nothing when it is not a UUID in one of these forms. (No allocation: every
    /// contact read goes through here.)
    static func pack(_ uid: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) -> Bool {
        var form = marker
        var start = 0
        if uid.count >= prefix.count, zip(uid, prefix).allSatisfy({ $0 == $1 }) {
            form |= prefixFlag
            start = prefix.count
        }
        switch uid.count - start {
        case 32: break
        case 36:
            for position in dashPositions where uid[start + position] != UInt8(ascii: "-") { return false }
            form |= dashesFlag
        default: return false
        }
        var sawLower = false, sawUpper = false
        // Two passes: check every digit, then write, so a UID that fails leaves `bytes` as it was.
        for pass in 0..<2 {
            if pass == 1 {
                // Mixed case would not come back as it was written.
                guard !(sawLower && sawUpper) else { return false }
                bytes.append(form | (sawUpper ? upperFlag : 0))
            }
            var digit = 0, half: UInt8 = 0
            for position in start..<uid.count {
                if form & dashesFlag != 0, dashPositions.contains(position - start) { continue }
                let byte = uid[position]
                let value: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"):
                    value = byte - UInt8(ascii: "a") + 10
                    sawLower = true
                case UInt8(ascii: "A")...UInt8(ascii: "F"):
                    value = byte - UInt8(ascii: "A") + 10
                    sawUpper = true
                default: return false
                }
                if pass == 1 {
                    if digit % 2 == 0 { half = value << 4 } else { bytes.append(half | value) }
                }
                digit += 1
            }
        }
        return true
    }

    /// Whether stored UID bytes are packed.
    @inline(__always)
    static func isPacked(_ stored: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.count == length && stored[0] >= marker
    }

    /// Runs `body` with the text of a packed UID.
    @inline(__always)
    static func withUnpacked<Result>(_ stored: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let form = stored[0]
        // A hex digit's value to its letter: '0' + value, or past '9' on to 'a' (or 'A').
        let letterGap = (form & upperFlag != 0 ? UInt8(ascii: "A") : UInt8(ascii: "a")) - UInt8(ascii: "0") - 10
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + 36) { text in
            var count = 0
            if form & prefixFlag != 0 {
                for byte in prefix {
                    text[count] = byte
                    count += 1
                }
            }
            let dashes = form & dashesFlag != 0
            for index in 1..<length {
                // The dashes come before hex digits 8, 12, 16 and 20: bytes 4, 6, 8 and 10.
                if dashes, index >= 5, index <= 11, index & 1 == 1 {
                    text[count] = UInt8(ascii: "-")
                    count += 1
                }
                let high = stored[index] >> 4, low = stored[index] & 0xF
                text[count] = UInt8(ascii: "0") + high + (high > 9 ? letterGap : 0)
                text[count + 1] = UInt8(ascii: "0") + low + (low > 9 ? letterGap : 0)
                count += 2
            }
            return body(UnsafeBufferPointer(rebasing: text[0..<count]))
        }
    }
}
