// SPDX-License-Identifier: Apache-2.0

/// How every Unicode scalar is typed on the keypad, for the active layouts together.
///
/// A letter of a layout is its key. Other letters fold: case first, then accents (é is e, ł is
/// l, ά is α), found through the scalar's Unicode name ("LATIN SMALL LETTER E WITH ACUTE" is
/// typed as "LATIN SMALL LETTER E"), so no table of accented letters is needed and no
/// Foundation. Expansions spell a letter as several (ß is 77). Decimal digits of any script
/// are themselves. Combining marks belong to the letter before them. Anything else has no key
/// and splits words.
public struct T9Alphabet: Sendable {
    /// What one scalar becomes on the keypad.
    public enum Fold: Sendable, Hashable {
        /// Typed as these keys (one digit for most letters, several for ß, æ, œ, þ).
        case keys(KeySequence)
        /// A combining mark: part of the letter before it, typed as nothing.
        case mark
        /// No key: a space, punctuation, an ideograph. Ends the current word.
        case separator
    }

    /// Up to four keys, packed so a fold needs no allocation.
    public struct KeySequence: Sendable, Hashable {
        public private(set) var count: UInt8 = 0
        private var packed: UInt32 = 0

        public init(_ digits: some Sequence<UInt8>) {
            for digit in digits where count < 4 {
                packed |= UInt32(digit) << (8 * UInt32(count))
                count += 1
            }
        }

        public subscript(position: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> (8 * UInt32(position))) }
    }

    public let layouts: [KeypadLayout]
    private let rules: FoldRules
    /// Folds computed up front for the scripts of most names: Latin, Greek and Cyrillic
    /// (0..<0x530), and Latin and Greek Extended (Vietnamese, polytonic Greek).
    private let commonTable: [Fold]
    private let extendedTable: [Fold]
    /// The key of each ASCII character typed as one key, `notOneKey` for the others: the one
    /// byte the loops over names read for most of their letters.
    let asciiKeys: [UInt8]
    static let notOneKey: UInt8 = 0xFF
    /// The base letter of each ASCII character (`baseLetter`), 0 for none: names are sorted by
    /// base letters, and finding one through Unicode's case mapping, for every letter of a
    /// large book, took a tenth of its indexing.
    let asciiBaseLetters: [UInt32]
    private static let commonRange: Range<UInt32> = 0..<0x530
    private static let extendedRange: Range<UInt32> = 0x1E00..<0x2000

    public init(layouts: [KeypadLayout]) {
        self.layouts = layouts
        let rules = FoldRules(layouts: layouts)
        self.rules = rules
        let table = { (range: Range<UInt32>) in range.map { Unicode.Scalar($0).map(rules.fold) ?? .separator } }
        self.commonTable = table(Self.commonRange)
        self.extendedTable = table(Self.extendedRange)
        self.asciiKeys = commonTable[0..<0x80].map { fold in
            if case .keys(let keys) = fold, keys.count == 1 { keys[0] } else { Self.notOneKey }
        }
        self.asciiBaseLetters = (0..<UInt32(0x80)).map { value in Unicode.Scalar(value).flatMap(rules.baseLetter)?.value ?? 0 }
    }

    /// How `scalar` is typed.
    @inline(__always)
    public func fold(_ scalar: Unicode.Scalar) -> Fold {
        let value = scalar.value
        if value < Self.commonRange.upperBound { return commonTable[Int(value)] }
        if Self.extendedRange.contains(value) { return extendedTable[Int(value - Self.extendedRange.lowerBound)] }
        return rules.fold(scalar)
    }

    /// The folds of the ASCII characters, for loops over UTF-8 text (with `asciiKeys`).
    var asciiFolds: ArraySlice<Fold> { commonTable[0..<0x80] }

    /// Whether `fold` answers from a table; other scalars are worth caching by the caller.
    @inline(__always)
    static func isTabulated(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < commonRange.upperBound || extendedRange.contains(scalar.value)
    }

    /// The letter `scalar` folds to in the layouts (é gives e, Ά gives α), or nil when it has none.
    /// Used to sort names and to compare typed text without case or accents.
    public func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        rules.baseLetter(scalar)
    }

    /// The layout letters on `digit`, layout by layout, for multi-tap.
    public func letters(on digit: UInt8) -> [Unicode.Scalar] {
        layouts.flatMap { $0.keys[digit] ?? [] }
    }
}

/// The letter tables of the active layouts, and the slow path of folding.
private struct FoldRules: Sendable {
    /// The key of each layout letter; a letter on two layouts keeps the first layout's key.
    let letterKeys: [Unicode.Scalar: UInt8]
    let expansions: [Unicode.Scalar: [Unicode.Scalar]]
    /// Layout letters by Unicode name, to fold an accented letter to its base.
    let lettersByName: [Substring: Unicode.Scalar]

    init(layouts: [KeypadLayout]) {
        var letterKeys: [Unicode.Scalar: UInt8] = [:]
        var expansions: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for layout in layouts {
            for (digit, letters) in layout.keys.sorted(by: { $0.key < $1.key }) {
                for letter in letters where letterKeys[letter] == nil { letterKeys[letter] = digit }
            }
            for (letter, spelling) in layout.expansions where expansions[letter] == nil {
                expansions[letter] = spelling
            }
        }
        var lettersByName: [Substring: Unicode.Scalar] = [:]
        for letter in letterKeys.keys {
            if let name = letter.properties.name { lettersByName[Substring(name)] = letter }
        }
        self.letterKeys = letterKeys
        self.expansions = expansions
        self.lettersByName = lettersByName
    }

    func fold(_ scalar: Unicode.Scalar) -> T9Alphabet.Fold {
        let properties = scalar.properties
        if properties.numericType == .decimal, let value = properties.numericValue {
            return .keys(T9Alphabet.KeySequence([UInt8(value)]))
        }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: break
        }
        let lower = Self.lowercase(scalar)
        if let key = letterKeys[lower] { return .keys(T9Alphabet.KeySequence([key])) }
        if let spelling = expansions[lower] { return keys(spelling: spelling) }
        if let base = unaccented(lower) {
            if let key = letterKeys[base] { return .keys(T9Alphabet.KeySequence([key])) }
            if let spelling = expansions[base] { return keys(spelling: spelling) }
        }
        return .separator
    }

    func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let lower = Self.lowercase(scalar)
        if letterKeys[lower] != nil || expansions[lower] != nil { return lower }
        return unaccented(lower)
    }

    private func keys(spelling: [Unicode.Scalar]) -> T9Alphabet.Fold {
        let digits = spelling.compactMap { letterKeys[$0] }
        return digits.isEmpty ? .separator : .keys(T9Alphabet.KeySequence(digits))
    }

    /// The layout letter whose Unicode name is this one's without its accents:
    /// "GREEK SMALL LETTER ALPHA WITH TONOS" is "GREEK SMALL LETTER ALPHA",
    /// "FULLWIDTH LATIN SMALL LETTER A" is "LATIN SMALL LETTER A".
    private func unaccented(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let fullName = scalar.properties.name else { return nil }
        var name = Substring(fullName)
        if let with = name.range(of: " WITH ") { name = name[..<with.lowerBound] }
        for prefix in ["FULLWIDTH ", "MATHEMATICAL "] where name.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
        }
        if name.hasSuffix(" DOTLESS I") { name = Substring(name.dropLast("DOTLESS I".count) + "I") }
        return lettersByName[name]
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first! : scalar
    }
}

extension Substring {
    /// The first place `needle` occurs (Substring has no `range(of:)` without Foundation).
    fileprivate func range(of needle: String) -> Range<Index>? {
        let needleScalars = Array(needle.unicodeScalars)
        let scalars = unicodeScalars
        var start = scalars.startIndex
        while start != scalars.endIndex {
            var position = start
            var matched = 0
            while matched < needleScalars.count, position != scalars.endIndex, scalars[position] == needleScalars[matched] {
                position = scalars.index(after: position)
                matched += 1
            }
            if matched == needleScalars.count { return start..<position }
            start = scalars.index(after: start)
        }
        return nil
    }
}
