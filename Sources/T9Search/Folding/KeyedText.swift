// SPDX-License-Identifier: Apache-2.0

/// A text as it is typed on the keypad: its keys, where each word starts and ends, and which
/// scalars of the text each key came from (for highlighting, in Unicode scalar offsets).
///
/// "Hair-Studio" is the keys 4247788346 in two words; "Straße" is 78722773 with both 7s of ß
/// pointing at the one scalar ß.
public struct KeyedText: Sendable, Hashable {
    /// The keys, 0...9.
    public private(set) var keys: [UInt8] = []
    /// For each word, the range of `keys` it covers.
    public private(set) var words: [Range<Int>] = []
    /// For each key, the offset of the scalar it came from.
    public private(set) var scalarStarts: [Int32] = []
    /// For each key, the end of its scalar, past any combining marks that follow it.
    public private(set) var scalarEnds: [Int32] = []

    public init() {}

    public init(_ text: String, alphabet: T9Alphabet) {
        var cache = FoldCache(alphabet: alphabet)
        reset(text, cache: &cache)
    }

    /// Refills this value with `text`, keeping its storage (the index builds millions of these,
    /// and every search result one or two).
    public mutating func reset(_ text: String, cache: inout FoldCache) {
        var text = text
        text.withUTF8 { reset(utf8: $0, cache: &cache) }
    }

    /// Refills this value with the text in `bytes`, which must be valid UTF-8.
    public mutating func reset(utf8 bytes: UnsafeBufferPointer<UInt8>, cache: inout FoldCache) {
        withScratch(capacity: Self.maxKeysPerByte * bytes.count, wordCapacity: bytes.count) {
            Self.foldName(bytes, cache: &cache, into: &$0)
        }
    }

    /// Folds the name in `bytes` (valid UTF-8) into `scratch`, which has room for
    /// `maxKeysPerByte` keys and one word a byte.
    static func foldName(_ bytes: UnsafeBufferPointer<UInt8>, cache: inout FoldCache, into scratch: inout Scratch) {
        // The tables are taken out of the cache first: borrowed from it while it also
        // remembers folds below, the whole alphabet was copied (and retained) for every text.
        let (asciiFolds, asciiKeyTable) = (cache.asciiFolds, cache.asciiKeys)
        asciiFolds.withUnsafeBufferPointer { ascii in
            asciiKeyTable.withUnsafeBufferPointer { asciiKeys in
                var offset: Int32 = 0
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    let fold: T9Alphabet.Fold
                    if byte < 0x80, asciiKeys[Int(byte)] != T9Alphabet.notOneKey {
                        // Most letters of most names: one byte, one key.
                        scratch.append(key: asciiKeys[Int(byte)], scalar: offset)
                        index += 1
                        offset += 1
                        continue
                    } else if byte < 0x80 {
                        fold = ascii[Int(byte)]
                        index += 1
                    } else {
                        let (scalar, length) = UTF8Scalars.decode(bytes, at: index)
                        fold = cache.fold(scalar)
                        index += length
                    }
                    switch fold {
                    case .keys(let sequence):
                        for position in 0..<Int(sequence.count) { scratch.append(key: sequence[position], scalar: offset) }
                    case .mark:
                        // A combining mark widens the highlight of the letter it sits on.
                        scratch.widenLastScalar(through: offset)
                    case .separator:
                        scratch.endWord()
                    }
                    offset += 1
                }
            }
        }
        scratch.endWord()
    }

    /// At most this many keys come from one byte of UTF-8: a scalar folds to at most four keys
    /// (`T9Alphabet.KeySequence`) and takes at least one byte.
    static let maxKeysPerByte = 4

    /// Runs `fill` with scratch memory for at most `capacity` keys and `wordCapacity` words,
    /// then makes what it filled this value's arrays, keeping their storage. (Filled through
    /// pointers, then copied in one call an array: appending key by key checked each array's
    /// uniqueness and capacity every time.)
    private mutating func withScratch(capacity: Int, wordCapacity: Int, _ fill: (inout Scratch) -> Void) {
        let capacity = max(capacity, 1)  // an empty text too gets memory to point at
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { keys in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * capacity) { scalars in
                withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: wordCapacity + 1) { words in
                    var scratch = Scratch(
                        keys: keys.baseAddress!, starts: scalars.baseAddress!, ends: scalars.baseAddress! + capacity, words: words.baseAddress!)
                    fill(&scratch)
                    let folded = scratch.folded
                    self.keys.replaceSubrange(self.keys.indices, with: folded.keys)
                    scalarStarts.replaceSubrange(scalarStarts.indices, with: folded.scalarStarts)
                    scalarEnds.replaceSubrange(scalarEnds.indices, with: folded.scalarEnds)
                    self.words.replaceSubrange(self.words.indices, with: folded.words)
                }
            }
        }
    }

    /// A folded text as pointers into the memory it was folded in, valid as long as that is:
    /// a `KeyedText` without its arrays.
    struct Folded {
        let keys: UnsafeBufferPointer<UInt8>
        let words: UnsafeBufferPointer<Range<Int>>
        let scalarStarts: UnsafeBufferPointer<Int32>
        let scalarEnds: UnsafeBufferPointer<Int32>

        var view: View { View(keys: keys, words: words) }

        /// The scalar range of the text that keys `keyRange` came from.
        func scalarRange(ofKeys keyRange: Range<Int>) -> Range<Int> {
            Int(scalarStarts[keyRange.lowerBound])..<Int(scalarEnds[keyRange.upperBound - 1])
        }

        /// The scalar ranges of `keyRanges`, in the array that held them: one allocation less
        /// for every search result.
        func scalarRanges(ofKeys keyRanges: consuming [Range<Int>]) -> [Range<Int>] {
            var ranges = keyRanges
            for index in ranges.indices { ranges[index] = scalarRange(ofKeys: ranges[index]) }
            return ranges
        }
    }

    /// A text being folded, written through pointers into memory sized for it beforehand.
    struct Scratch {
        let keys: UnsafeMutablePointer<UInt8>
        let starts: UnsafeMutablePointer<Int32>
        let ends: UnsafeMutablePointer<Int32>
        let words: UnsafeMutablePointer<Range<Int>>
        var count = 0
        var wordCount = 0
        /// Where the current word started, or -1 between words.
        var wordStart = -1

        init(keys: UnsafeMutablePointer<UInt8>, starts: UnsafeMutablePointer<Int32>, ends: UnsafeMutablePointer<Int32>, words: UnsafeMutablePointer<Range<Int>>)
        {
            (self.keys, self.starts, self.ends, self.words) = (keys, starts, ends, words)
        }

        @inline(__always)
        mutating func append(key: UInt8, scalar: Int32) {
            if wordStart < 0 { wordStart = count }
            keys[count] = key
            starts[count] = scalar
            ends[count] = scalar + 1
            count += 1
        }

        /// Makes the keys of the scalar just before `offset` end after `offset` too.
        mutating func widenLastScalar(through offset: Int32) {
            guard wordStart >= 0 else { return }
            var position = count - 1
            while position >= 0, ends[position] == offset {
                ends[position] = offset + 1
                position -= 1
            }
        }

        /// What has been folded so far.
        var folded: Folded {
            Folded(
                keys: UnsafeBufferPointer(start: keys, count: count), words: UnsafeBufferPointer(start: words, count: wordCount),
                scalarStarts: UnsafeBufferPointer(start: starts, count: count), scalarEnds: UnsafeBufferPointer(start: ends, count: count))
        }

        mutating func endWord() {
            guard wordStart >= 0 else { return }
            words[wordCount] = wordStart..<count
            wordCount += 1
            wordStart = -1
        }
    }

    /// Refills this value with the digits of a phone number: every other character is formatting.
    public mutating func reset(number: String) {
        var number = number
        number.withUTF8 { reset(numberUTF8: $0) }
    }

    /// Refills this value with the digits of the phone number in `bytes` (valid UTF-8).
    public mutating func reset(numberUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        withScratch(capacity: bytes.count, wordCapacity: 1) { Self.foldNumber(bytes, into: &$0) }
    }

    /// Folds the phone number in `bytes` (valid UTF-8) into `scratch`, which has room for a
    /// key a byte: its digits, as one word. Letters after a digit are dialled as their keys
    /// (`1-800-FLOWERS` is 18003569377, ITU E.161), as `DialableNumber` dials them, so what is
    /// typed to dial a number finds it; a word that marks an extension or a pause (`ext`, `x`,
    /// `p`, `w`) and letters before any digit (`Tel.`) are formatting.
    static func foldNumber(_ bytes: UnsafeBufferPointer<UInt8>, into scratch: inout Scratch) {
        var offset: Int32 = 0
        var index = 0
        var sawDigit = false
        while index < bytes.count {
            let digit: UInt8?
            if bytes[index] < 0x80 {
                let byte = bytes[index]
                if sawDigit, let run = asciiLetterRun(bytes, from: index) {
                    if !isExtensionWord(bytes, run) {
                        for letter in run { scratch.append(key: phoneKey(ofLetter: bytes[letter]), scalar: offset + Int32(letter - index)) }
                    }
                    offset += Int32(run.count)
                    index = run.upperBound
                    continue
                }
                digit = byte &- 0x30 < 10 ? byte - 0x30 : nil
                index += 1
            } else {
                let (scalar, length) = UTF8Scalars.decode(bytes, at: index)
                digit = Self.decimalDigit(scalar)
                index += length
            }
            if let digit {
                scratch.append(key: digit, scalar: offset)
                sawDigit = true
            }
            offset += 1
        }
        scratch.endWord()
    }

    /// The ASCII letters from `start` on, when `start` is one.
    private static func asciiLetterRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
        var end = start
        while end < bytes.count, (bytes[end] | 0x20) &- 0x61 < 26 { end += 1 }
        return end > start ? start..<end : nil
    }

    /// Whether the letters of `run` are a word that ends the dialled part: `x`, `ext`, `extn`,
    /// `extension`, `p` or `w` (`DialableNumber`'s).
    private static func isExtensionWord(_ bytes: UnsafeBufferPointer<UInt8>, _ run: Range<Int>) -> Bool {
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[run]), as: UTF8.self).lowercased()
        return ["x", "ext", "extn", "extension", "p", "w"].contains(word)
    }

    /// The key an ASCII letter is on (ITU E.161): abc 2, def 3, ... wxyz 9.
    private static func phoneKey(ofLetter letter: UInt8) -> UInt8 {
        let position = (letter | 0x20) - 0x61
        switch position {
        case 0..<15: return 2 + position / 3
        case 15..<19: return 7
        case 19..<22: return 8
        default: return 9
        }
    }

    @inline(__always)
    static func decimalDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value &- 0x30 < 10 { return UInt8(scalar.value - 0x30) }
        guard scalar.value > 0x7F, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return UInt8(value)
    }

    /// The keys and words of a keyed text, borrowed as pointers for matching.
    struct View {
        let keys: UnsafeBufferPointer<UInt8>
        let words: UnsafeBufferPointer<Range<Int>>
    }

    /// Runs `body` with this text's keys and words, borrowed.
    @inline(__always)
    func withView<Result>(_ body: (View) -> Result) -> Result {
        keys.withUnsafeBufferPointer { keys in words.withUnsafeBufferPointer { words in body(View(keys: keys, words: words)) } }
    }

    /// The scalar ranges of the text that keys `keyRange` came from, merged where they touch.
    public func scalarRange(ofKeys keyRange: Range<Int>) -> Range<Int> {
        Int(scalarStarts[keyRange.lowerBound])..<Int(scalarEnds[keyRange.upperBound - 1])
    }
}

/// Remembers folds of scalars outside the alphabet's tables (CJK, Georgian...), whose Unicode
/// names are slow to look up, for the length of one job such as building an index.
public struct FoldCache: Sendable {
    public let alphabet: T9Alphabet
    private var memo: [Unicode.Scalar: T9Alphabet.Fold] = [:]
    private var baseLetters: [Unicode.Scalar: Unicode.Scalar?] = [:]

    /// The alphabet's tables for ASCII: its folds, and the single key of each letter.
    let asciiFolds: ArraySlice<T9Alphabet.Fold>
    let asciiKeys: [UInt8]

    public init(alphabet: T9Alphabet) {
        self.alphabet = alphabet
        self.asciiFolds = alphabet.asciiFolds
        self.asciiKeys = alphabet.asciiKeys
    }

    /// The base letter of `scalar`, remembered like its fold (sorting names asks it of every letter).
    public mutating func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if scalar.value < 0x80 {
            let base = alphabet.asciiBaseLetters[Int(scalar.value)]
            return base == 0 ? nil : Unicode.Scalar(base)
        }
        if let known = baseLetters[scalar] { return known }
        let base = alphabet.baseLetter(scalar)
        baseLetters[scalar] = .some(base)
        return base
    }

    /// Remembers what `other` (a cache of the same alphabet) has looked up too.
    mutating func merge(_ other: FoldCache) {
        memo.merge(other.memo) { kept, _ in kept }
        baseLetters.merge(other.baseLetters) { kept, _ in kept }
    }

    @inline(__always)
    public mutating func fold(_ scalar: Unicode.Scalar) -> T9Alphabet.Fold {
        if T9Alphabet.isTabulated(scalar) { return alphabet.fold(scalar) }
        if let known = memo[scalar] { return known }
        let fold = alphabet.fold(scalar)
        memo[scalar] = fold
        return fold
    }
}

/// Decodes scalars straight from a string's UTF-8 bytes, without `String.unicodeScalars`'s
/// view and its checks, for the short names and numbers that search results show.
enum UTF8Scalars {
    /// The scalar starting at `index` and its length in bytes. A Swift String always holds
    /// valid UTF-8, so the continuation bytes are there.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        var value: UInt32
        var length: Int
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(UInt8(lead)), 1)
        case 0xC0..<0xE0: (value, length) = (lead & 0x1F, 2)
        case 0xE0..<0xF0: (value, length) = (lead & 0x0F, 3)
        default: (value, length) = (lead & 0x07, 4)
        }
        for continuation in 1..<length { value = value << 6 | UInt32(bytes[index + continuation] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
