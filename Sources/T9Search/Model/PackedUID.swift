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

    /// Appends the packed form of `uid` to `bytes` and returns true, or returns false and
    /// appends nothing when it is not a UUID in one of these forms. (One pass and no
    /// allocation: every contact read goes through here.)
    static func pack(_ uid: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) -> Bool {
        var form = marker
        var start = 0
        if uid.count >= 9, uid[0] == UInt8(ascii: "u"), uid[1] == UInt8(ascii: "r"), uid[2] == UInt8(ascii: "n"),
            uid[3] == UInt8(ascii: ":"), uid[4] == UInt8(ascii: "u"), uid[5] == UInt8(ascii: "u"),
            uid[6] == UInt8(ascii: "i"), uid[7] == UInt8(ascii: "d"), uid[8] == UInt8(ascii: ":")
        {
            form |= prefixFlag
            start = 9
        }
        switch uid.count - start {
        case 32: break
        case 36:
            // Dashes after hex digits 8, 12, 16 and 20, and only there.
            guard uid[start + 8] == dash, uid[start + 13] == dash, uid[start + 18] == dash, uid[start + 23] == dash else { return false }
            form |= dashesFlag
        default: return false
        }
        return hexDigitValues.withUnsafeBufferPointer { values in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { packed in
                // Each digit's value in its low four bits, and what it is in the high ones
                // (lower-case, upper-case, not a hex digit), gathered over all 32.
                var kinds: UInt8 = 0
                var digit = 0
                var position = start
                while digit < 32 {
                    // The dashes, checked above, before digits 8, 12, 16 and 20.
                    if form & dashesFlag != 0, digit >= 8, digit <= 20, digit % 4 == 0 { position += 1 }
                    let high = values[Int(uid[position])], low = values[Int(uid[position + 1])]
                    kinds |= high | low
                    packed[digit / 2] = high << 4 | low & 0x0F
                    digit += 2
                    position += 2
                }
                // Mixed case would not come back as it was written.
                guard kinds & notHex == 0, kinds & (lowerHex | upperHex) != lowerHex | upperHex else { return false }
                bytes.append(form | (kinds & upperHex != 0 ? upperFlag : 0))
                bytes.append(contentsOf: packed)
                return true
            }
        }
    }

    private static let dash = UInt8(ascii: "-")
    private static let lowerHex: UInt8 = 0x10
    private static let upperHex: UInt8 = 0x20
    private static let notHex: UInt8 = 0x40

    /// For each byte, its value as a hex digit with `lowerHex` or `upperHex` for a letter, or
    /// `notHex`: one look-up a digit, no branch.
    private static let hexDigitValues: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10 | lowerHex
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10 | upperHex
        default: notHex
        }
    }

    /// Whether stored UID bytes are packed.
    @inline(__always)
    static func isPacked(_ stored: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.count == length && stored[0] >= marker
    }

    /// The longest text a packed UID unpacks to: "urn:uuid:" and a UUID with dashes.
    static let unpackedCapacity = 45

    /// Runs `body` with the text of a packed UID.
    @inline(__always)
    static func withUnpacked<Result>(_ stored: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: unpackedCapacity) { text in
            body(UnsafeBufferPointer(rebasing: text[0..<unpack(stored, into: text)]))
        }
    }

    /// Writes the text of a packed UID into `text` (`unpackedCapacity` bytes) and returns its length.
    static func unpack(_ stored: UnsafeBufferPointer<UInt8>, into text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let form = stored[0]
        var count = 0
        if form & prefixFlag != 0 {
            for byte in 0..<prefix.count { text[byte] = prefix[byte] }
            count = prefix.count
        }
        let dashes = form & dashesFlag != 0
        // Each byte's two hex digits from a table, as one 16-bit store: this runs for every
        // result printed as JSON, and digit by digit it was a chain of dependent steps.
        (form & upperFlag != 0 ? upperHexPairs : lowerHexPairs).withUnsafeBufferPointer { pairs in
            let output = UnsafeMutableRawPointer(text.baseAddress!)
            for index in 1..<length {
                // The dashes come before hex digits 8, 12, 16 and 20: bytes 4, 6, 8 and 10.
                if dashes, index >= 5, index <= 11, index & 1 == 1 {
                    text[count] = UInt8(ascii: "-")
                    count += 1
                }
                output.storeBytes(of: pairs[Int(stored[index])], toByteOffset: count, as: UInt16.self)
                count += 2
            }
        }
        return count
    }

    /// For each byte, its two hex digits as they lie in memory (the first in the low byte on a
    /// little-endian machine, in the high byte on a big-endian one).
    private static let lowerHexPairs = hexPairs(letters: Array("0123456789abcdef".utf8))
    private static let upperHexPairs = hexPairs(letters: Array("0123456789ABCDEF".utf8))

    private static func hexPairs(letters: [UInt8]) -> [UInt16] {
        (0..<256).map { byte in
            let pair = (letters[byte >> 4], letters[byte & 0xF])
            return withUnsafeBytes(of: pair) { $0.load(as: UInt16.self) }
        }
    }
}
