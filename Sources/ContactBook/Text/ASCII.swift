// SPDX-License-Identifier: Apache-2.0

/// Byte-level helpers for the ASCII parts of vCard and CSV syntax (names, parameters,
/// separators). Non-ASCII bytes are never changed by them, so they are safe on UTF-8 text.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let comma: UInt8 = 0x2C
    static let period: UInt8 = 0x2E
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D
    static let backslash: UInt8 = 0x5C

    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lineFeed || byte == carriageReturn
    }

    @inline(__always)
    static func uppercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte &- 0x20 : byte
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte &+ 0x20 : byte
    }

    /// The value of a hexadecimal digit, either case, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte &- 0x30
        case 0x41...0x46: byte &- 0x41 &+ 10
        case 0x61...0x66: byte &- 0x61 &+ 10
        default: nil
        }
    }

    /// Whether `bytes` spell `word` (which must be uppercase ASCII), ignoring case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        for index in 0..<bytes.count where uppercased(bytes[index]) != letters[index] {
            return false
        }
        return true
    }

    /// Whether `bytes` begin with `word` (uppercase ASCII), ignoring case.
    static func hasPrefixIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count >= word.utf8CodeUnitCount else { return false }
        return equalsIgnoringCase(bytes.prefix(word.utf8CodeUnitCount).rebased, word)
    }

    /// `bytes` without leading and trailing spaces, tabs, CRs and LFs.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end].rebased
    }

    /// `bytes` as a lowercase string (ASCII letters only are lowered).
    static func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            for index in 0..<bytes.count { output[index] = lowercased(bytes[index]) }
            return bytes.count
        }
    }

    /// A short, printable excerpt of a line for messages.
    static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = 40) -> String {
        let text = String(decoding: bytes.prefix(limit * 4), as: UTF8.self)
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}

extension Slice where Base == UnsafeBufferPointer<UInt8> {
    /// The slice as a buffer of its own, indexed from zero.
    var rebased: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: self) }
}
