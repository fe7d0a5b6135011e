// SPDX-License-Identifier: Apache-2.0

import T9Search

/// The T9 matching rules written out plainly, to check the index against: no tables, no
/// sorting, every word and every start tried. The rules, from `MatchQuality` and `SearchIndex`:
///
/// - A name is typed as keys: ASCII letters on the phone keys (abc 2 ... wxyz 9), digits as
///   themselves, other ASCII a word break; other scalars as `T9Alphabet.fold` says.
/// - Name prefix: a run of keys from the first word's start (across words), or from a later
///   word's start ending exactly at the end of a word, both among the first 8 words.
/// - Initials: the first keys of 1 to 3 words, in order, then a run from the start of a later
///   word (all among the first 8 words), the query at least 2 keys long.
/// - Later word: a run from the start of any later word.
/// - Anywhere (only in that mode): a run from a key that does not start a word.
/// - Numbers (no `+`, no region): of its first 64 digits, a run from the first is a number
///   prefix, a run from any other a number middle.
/// - A contact with no number is never found.
enum NaiveT9Matcher {
    static let maxWords = 8
    static let maxInitials = 3
    static let maxNumberDigits = 64

    struct Keyed: Equatable {
        var keys: [UInt8] = []
        var words: [Range<Int>] = []
    }

    static let asciiKeys: [Character: UInt8] = {
        var table: [Character: UInt8] = [:]
        for (key, letters) in [(2, "abc"), (3, "def"), (4, "ghi"), (5, "jkl"), (6, "mno"), (7, "pqrs"), (8, "tuv"), (9, "wxyz")] {
            for letter in letters {
                table[letter] = UInt8(key)
                table[Character(letter.uppercased())] = UInt8(key)
            }
        }
        for digit in 0...9 { table[Character(String(digit))] = UInt8(digit) }
        return table
    }()

    static func keyed(_ name: String, alphabet: T9Alphabet) -> Keyed {
        var result = Keyed()
        var wordStart: Int? = nil
        func endWord() {
            if let start = wordStart { result.words.append(start..<result.keys.count) }
            wordStart = nil
        }
        for scalar in name.unicodeScalars {
            var keys: [UInt8] = []
            if scalar.isASCII {
                guard let key = asciiKeys[Character(scalar)] else { endWord(); continue }
                keys = [key]
            } else {
                switch alphabet.fold(scalar) {
                case .separator: endWord(); continue
                case .mark: continue
                case .keys(let sequence): keys = (0..<Int(sequence.count)).map { sequence[$0] }
                }
            }
            if wordStart == nil { wordStart = result.keys.count }
            result.keys += keys
        }
        endWord()
        return result
    }

    static func runs(_ query: [UInt8], _ keys: [UInt8], from start: Int) -> Bool {
        start + query.count <= keys.count && Array(keys[start..<(start + query.count)]) == query
    }

    static func matchName(_ query: [UInt8], _ name: Keyed, mode: MatchMode) -> MatchQuality? {
        guard !query.isEmpty else { return nil }
        let words = name.words
        let ruled = min(words.count, maxWords)
        if let first = words.first, runs(query, name.keys, from: first.lowerBound) { return .namePrefix }
        for first in 0..<ruled where runs(query, name.keys, from: words[first].lowerBound) {
            let end = words[first].lowerBound + query.count
            if words[first..<ruled].contains(where: { $0.upperBound == end }) { return .namePrefix }
        }
        if query.count >= 2, ruled >= 2, initials(query[...], name, fromWord: 0, used: 0) { return .initials }
        for word in words.dropFirst() where runs(query, name.keys, from: word.lowerBound) { return .laterWordPrefix }
        if mode == .anywhere {
            let starts = Set(words.map(\.lowerBound))
            for start in name.keys.indices where !starts.contains(start) && runs(query, name.keys, from: start) { return .anywhere }
        }
        return nil
    }

    /// Whether `query` is initials of words from `fromWord` on, `used` initials already taken.
    private static func initials(_ query: ArraySlice<UInt8>, _ name: Keyed, fromWord: Int, used: Int) -> Bool {
        let ruled = min(name.words.count, maxWords)
        if used > 0 {
            for word in fromWord..<max(fromWord, ruled) where runs(Array(query), name.keys, from: name.words[word].lowerBound) { return true }
        }
        guard used < maxInitials, query.count >= 2 else { return false }
        for word in fromWord..<max(fromWord, ruled) where name.keys[name.words[word].lowerBound] == query.first {
            if initials(query.dropFirst(), name, fromWord: word + 1, used: used + 1) { return true }
        }
        return false
    }

    /// A number's keys: its decimal digits, and the ASCII letters after a digit as their keys
    /// (E.161), but for a word that marks an extension or a pause.
    static func numberDigits(_ number: String) -> [UInt8] {
        var digits: [UInt8] = []
        var word = ""
        func endWord() {
            if !digits.isEmpty, !["x", "ext", "extn", "extension", "p", "w"].contains(word.lowercased()) {
                digits += word.map { letterKey($0) }
            }
            word = ""
        }
        for scalar in number.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic {
                word.unicodeScalars.append(scalar)
                continue
            }
            endWord()
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue { digits.append(UInt8(value)) }
        }
        endWord()
        return Array(digits.prefix(maxNumberDigits))
    }

    /// The key of an ASCII letter, counted out from the keypad's letters.
    private static func letterKey(_ letter: Character) -> UInt8 {
        let keys = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]
        return UInt8(2 + (keys.firstIndex { $0.contains(letter.lowercased()) } ?? 0))
    }

    static func matchNumber(_ query: [UInt8], _ number: String) -> MatchQuality? {
        let digits = numberDigits(number)
        guard !query.isEmpty else { return nil }
        if runs(query, digits, from: 0) { return .numberPrefix }
        for start in digits.indices.dropFirst() where runs(query, digits, from: start) { return .numberMiddle }
        return nil
    }

    /// Every contact the query finds, with its best quality.
    static func search(_ query: [UInt8], in contacts: [SearchableContact], alphabet: T9Alphabet, mode: MatchMode) -> [Int: MatchQuality] {
        var found: [Int: MatchQuality] = [:]
        for (position, contact) in contacts.enumerated() where !contact.numbers.isEmpty {
            let qualities =
                contact.names.compactMap { matchName(query, keyed($0.text, alphabet: alphabet), mode: mode) }
                + contact.numbers.compactMap { matchNumber(query, $0) }
            if let best = qualities.min() { found[position] = best }
        }
        return found
    }
}
