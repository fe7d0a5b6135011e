// SPDX-License-Identifier: Apache-2.0

import SeededRandom

/// Byte-level mutations of a corpus input, libFuzzer style: bit flips, interesting bytes,
/// inserts, deletes, duplicated chunks, splices with another input, and the target's own
/// tokens (`BEGIN:VCARD`, `((`...), sometimes repeated many times to reach the parsers' limits.
struct Mutator {
    /// Tokens that mean something to the target's parser.
    var dictionary: [[UInt8]]
    /// Mutants are cut to this many bytes, so a run stays fast whatever it stacks up.
    var maxLength = 64 * 1024

    static let interestingBytes: [UInt8] = [0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x20, 0x22, 0x27, 0x2C, 0x3A, 0x3B, 0x3D, 0x5C, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]

    /// `input` changed by one to eight stacked mutations; `corpus` gives splice partners.
    func mutate(_ input: [UInt8], corpus: [[UInt8]], random: inout SplitMix) -> [UInt8] {
        var bytes = input
        for _ in 0...random.below(8) { mutateOnce(&bytes, corpus: corpus, random: &random) }
        if bytes.count > maxLength { bytes.removeLast(bytes.count - maxLength) }
        return bytes
    }

    private func mutateOnce(_ bytes: inout [UInt8], corpus: [[UInt8]], random: inout SplitMix) {
        let position = random.below(bytes.count + 1)
        switch random.below(10) {
        case 0 where !bytes.isEmpty:
            let at = random.below(bytes.count)
            bytes[at] ^= 1 << UInt8(random.below(8))
        case 1 where !bytes.isEmpty:
            bytes[random.below(bytes.count)] = Self.interestingBytes[random.below(Self.interestingBytes.count)]
        case 2:
            let count = 1 + random.below(8)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position)
        case 3 where !bytes.isEmpty:
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(32)))
        case 4 where !bytes.isEmpty:
            let start = random.below(bytes.count)
            let chunk = bytes[start..<min(bytes.count, start + 1 + random.below(256))]
            bytes.insert(contentsOf: chunk, at: position)
        case 5 where !corpus.isEmpty:
            let other = corpus[random.below(corpus.count)]
            let start = random.below(other.count + 1)
            let piece = other[start..<min(other.count, start + random.below(512))]
            bytes.replaceSubrange(position..<min(bytes.count, position + random.below(64)), with: piece)
        case 6 where !dictionary.isEmpty, 7 where !dictionary.isEmpty:
            bytes.insert(contentsOf: dictionary[random.below(dictionary.count)], at: position)
        case 8 where !dictionary.isEmpty:
            // A token many times over: deep nesting, long lines, huge numbers.
            let token = dictionary[random.below(dictionary.count)]
            let times = random.oneIn(4) ? 100 + random.below(5000) : 2 + random.below(40)
            var repeated: [UInt8] = []
            repeated.reserveCapacity(token.count * times)
            for _ in 0..<times { repeated += token }
            bytes.insert(contentsOf: repeated, at: position)
        default:
            if !bytes.isEmpty { bytes.removeSubrange(position == bytes.count ? (position - 1)..<position : position..<(position + 1)) }
        }
    }
}
