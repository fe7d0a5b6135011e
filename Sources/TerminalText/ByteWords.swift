// SPDX-License-Identifier: Apache-2.0

/// Checks of UTF-8 text eight bytes at a time, for the tests every line of output makes (a
/// control character to show, a character JSON escapes): most names and numbers have none,
/// and are then copied whole. A byte at a time, the check cost a fifth of writing a line.
public enum ByteWords {
    /// Whether `test`, given eight bytes of `text` at a time as one word (`anyBelow`,
    /// `anyEqual`), finds one of them. The last eight overlap the ones before; a text shorter
    /// than eight is padded with letters ("A"), which no caller looks for.
    @inlinable
    public static func contains(_ text: UnsafeBufferPointer<UInt8>, where test: (UInt64) -> Bool) -> Bool {
        guard let base = text.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        guard text.count >= 8 else {
            var word: UInt64 = 0x4141_4141_4141_4141  // "AAAAAAAA"
            withUnsafeMutableBytes(of: &word) { $0.baseAddress!.copyMemory(from: raw, byteCount: text.count) }
            return test(word)
        }
        var offset = 0
        while offset + 8 < text.count {
            if test(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        return test(raw.loadUnaligned(fromByteOffset: text.count - 8, as: UInt64.self))
    }

    /// Whether any of the eight bytes of `word` is below `limit` (at most 128).
    @inlinable @inline(__always)
    public static func anyBelow(_ word: UInt64, _ limit: UInt8) -> Bool {
        // A byte under the limit sets its high bit in (word - limit) while its own is clear.
        (word &- ones &* UInt64(limit)) & ~word & highBits != 0
    }

    /// Whether any of the eight bytes of `word` is `byte`.
    @inlinable @inline(__always)
    public static func anyEqual(_ word: UInt64, _ byte: UInt8) -> Bool {
        anyBelow(word ^ (ones &* UInt64(byte)), 1)
    }

    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highBits: UInt64 = 0x8080_8080_8080_8080
}
