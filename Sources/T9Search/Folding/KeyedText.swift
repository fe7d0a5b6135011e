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
        // The arrays are filled as locals, then put back: appending to the stored properties
        // from inside the closure below cost an access check on every key, and this runs for
        // every name of every search result.
        var keys = take(\.keys), words = take(\.words), starts = take(\.scalarStarts), ends = take(\.scalarEnds)
        var offset: Int32 = 0
        var wordStart = -1
        // The tables are taken out of the cache first: borrowed from it while it also
        // remembers folds below, the whole alphabet was copied (and retained) for every text.
        let (asciiFolds, asciiKeyTable) = (cache.asciiFolds, cache.asciiKeys)
        asciiFolds.withUnsafeBufferPointer { ascii in
            asciiKeyTable.withUnsafeBufferPointer { asciiKeys in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    let fold: T9Alphabet.Fold
                    if byte < 0x80, asciiKeys[Int(byte)] != T9Alphabet.notOneKey {
                        // Most letters of most names: one byte, one key.
                        if wordStart < 0 { wordStart = keys.count }
                        keys.append(asciiKeys[Int(byte)])
                        starts.append(offset)
                        ends.append(offset + 1)
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
                        if wordStart < 0 { wordStart = keys.count }
                        for position in 0..<Int(sequence.count) {
                            keys.append(sequence[position])
                            starts.append(offset)
                            ends.append(offset + 1)
                        }
                    case .mark:
                        // A combining mark widens the highlight of the letter it sits on.
                        if wordStart >= 0, let last = ends.indices.last, ends[last] == offset {
                            var position = last
                            while position >= 0, ends[position] == offset {
                                ends[position] = offset + 1
                                position -= 1
                            }
                        }
                    case .separator:
                        if wordStart >= 0 {
                            words.append(wordStart..<keys.count)
                            wordStart = -1
                        }
                    }
                    offset += 1
                }
            }
        }
        if wordStart >= 0 { words.append(wordStart..<keys.count) }
        (self.keys, self.words, self.scalarStarts, self.scalarEnds) = (keys, words, starts, ends)
    }

    /// Moves one of the arrays out, emptied with its storage kept, leaving this one empty: the
    /// caller then holds the only reference and appends without copying.
    @inline(__always)
    private mutating func take<Element>(_ array: WritableKeyPath<KeyedText, [Element]>) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self[keyPath: array])
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// Refills this value with the digits of a phone number: every other character is formatting.
    public mutating func reset(number: String) {
        var number = number
        number.withUTF8 { reset(numberUTF8: $0) }
    }

    /// Refills this value with the digits of the phone number in `bytes` (valid UTF-8).
    public mutating func reset(numberUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        var keys = take(\.keys), words = take(\.words), starts = take(\.scalarStarts), ends = take(\.scalarEnds)
        var offset: Int32 = 0
        var index = 0
        while index < bytes.count {
            let digit: UInt8?
            if bytes[index] < 0x80 {
                digit = bytes[index] &- 0x30 < 10 ? bytes[index] - 0x30 : nil
                index += 1
            } else {
                let (scalar, length) = UTF8Scalars.decode(bytes, at: index)
                digit = Self.decimalDigit(scalar)
                index += length
            }
            if let digit {
                keys.append(digit)
                starts.append(offset)
                ends.append(offset + 1)
            }
            offset += 1
        }
        if !keys.isEmpty { words.append(0..<keys.count) }
        (self.keys, self.words, self.scalarStarts, self.scalarEnds) = (keys, words, starts, ends)
    }

    @inline(__always)
    static func decimalDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value &- 0x30 < 10 { return UInt8(scalar.value - 0x30) }
        guard scalar.value > 0x7F, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return UInt8(value)
    }

    /// The scalar ranges of the text that keys `keyRange` came from, merged where they touch.
    public func scalarRange(ofKeys keyRange: Range<Int>) -> Range<Int> {
        Int(scalarStarts[keyRange.lowerBound])..<Int(scalarEnds[keyRange.upperBound - 1])
    }
}

/// Remembers folds of scalars outside the alphabet's tables (CJK, Georgian...), whose Unicode
/// names are slow to look up, for the length of one job such as building an index.
public struct FoldCache {
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

    @inline(__always)
    public mutating func fold(_ scalar: Unicode.Scalar) -> T9Alphabet.Fold {
        if T9Alphabet.isTabulated(scalar) { return alphabet.fold(scalar) }
        if let known = memo[scalar] { return known }
        let fold = alphabet.fold(scalar)
        memo[scalar] = fold
        return fold
    }
}

/// Decodes scalars straight from a string's UTF-8 bytes: several times faster than
/// `String.unicodeScalars` for the short names and numbers that search results show.
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
