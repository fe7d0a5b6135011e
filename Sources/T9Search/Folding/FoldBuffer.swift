// SPDX-License-Identifier: Apache-2.0

/// Memory that names and numbers are folded into, one at a time, kept from one to the next.
///
/// The highlighter folds the names or numbers of twenty results a keystroke and the index
/// builder every one of the book; copying each fold into a `KeyedText`'s four arrays cost about as much as
/// folding it. A fold here stays in this memory, lent as pointers until the next one.
final class FoldBuffer {
    private var capacity: Int
    private var keys: UnsafeMutablePointer<UInt8>
    /// The scalar starts, then at `capacity` the scalar ends.
    private var scalars: UnsafeMutablePointer<Int32>
    /// One word a byte at most, which `capacity` (a key a byte at least) also bounds.
    private var words: UnsafeMutablePointer<Range<Int>>

    init() {
        capacity = 256
        (keys, scalars, words) = Self.allocate(capacity)
    }

    deinit {
        keys.deallocate()
        scalars.deallocate()
        words.deallocate()
    }

    /// Folds the name in `bytes` (valid UTF-8). What it gives points into this buffer: valid
    /// until the next fold, while the buffer lives.
    func fold(name bytes: UnsafeBufferPointer<UInt8>, cache: inout FoldCache) -> KeyedText.Folded {
        var scratch = scratch(keys: KeyedText.maxKeysPerByte * bytes.count)
        KeyedText.foldName(bytes, cache: &cache, into: &scratch)
        return scratch.folded
    }

    /// Folds the phone number in `bytes` (valid UTF-8): its digits, as one word. Valid until
    /// the next fold, like a name's.
    func fold(number bytes: UnsafeBufferPointer<UInt8>) -> KeyedText.Folded {
        var scratch = scratch(keys: bytes.count)
        KeyedText.foldNumber(bytes, into: &scratch)
        return scratch.folded
    }

    /// This buffer's memory, made large enough for `keys` keys (and as many words) first.
    private func scratch(keys needed: Int) -> KeyedText.Scratch {
        if needed + 1 > capacity {
            keys.deallocate()
            scalars.deallocate()
            words.deallocate()
            capacity = max(needed + 1, 2 * capacity)
            (keys, scalars, words) = Self.allocate(capacity)
        }
        return KeyedText.Scratch(keys: keys, starts: scalars, ends: scalars + capacity, words: words)
    }

    private static func allocate(
        _ capacity: Int
    ) -> (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Range<Int>>) {
        (.allocate(capacity: capacity), .allocate(capacity: 2 * capacity), .allocate(capacity: capacity))
    }
}
