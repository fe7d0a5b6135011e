// SPDX-License-Identifier: Apache-2.0

/// Matches a query against one name or number, giving the best quality and the keys to
/// highlight. This is the definition of what matches; the index finds the same matches faster.
public enum FieldMatcher {
    /// A match in one field: its quality and the ranges of keys matched.
    public struct Match: Sendable, Hashable {
        public var quality: MatchQuality
        public var keyRanges: [Range<Int>]
    }

    /// The best match of `query` in a name, or nil.
    public static func matchName(_ query: [UInt8], in text: KeyedText, mode: MatchMode) -> Match? {
        query.withUnsafeBufferPointer { query in text.withView { matchName(query, in: $0, mode: mode) } }
    }

    /// The best match of `query` in a name, read through pointers: the highlighter matches
    /// twenty results a keystroke, and passing arrays retained and released each of them.
    static func matchName(_ query: UnsafeBufferPointer<UInt8>, in text: KeyedText.View, mode: MatchMode) -> Match? {
        guard !query.isEmpty else { return nil }
        let keys = text.keys, words = text.words
        var laterWord: Match? = nil
        // Runs from the start of a word, across words.
        for (index, word) in words.enumerated() where runMatches(query, keys: keys, at: word.lowerBound) {
            let run = word.lowerBound..<(word.lowerBound + query.count)
            let endsWord =
                index < NameRules.maxWords
                && words[index..<min(words.count, NameRules.maxWords)].contains { $0.upperBound == run.upperBound }
            if index == 0 || endsWord { return Match(quality: .namePrefix, keyRanges: [run]) }
            if laterWord == nil { laterWord = Match(quality: .laterWordPrefix, keyRanges: [run]) }
        }
        if let initials = matchInitials(query, text: text) { return initials }
        if let laterWord { return laterWord }
        if mode == .anywhere {
            let wordStarts = Set(words.map(\.lowerBound))
            for start in keys.indices where !wordStarts.contains(start) && runMatches(query, keys: keys, at: start) {
                return Match(quality: .anywhere, keyRanges: [start..<(start + query.count)])
            }
        }
        return nil
    }

    /// The best match of `query` in a number, or nil.
    public static func matchNumber(_ query: [UInt8], in number: NumberForms) -> Match? {
        query.withUnsafeBufferPointer { query in
            number.anchors.withUnsafeBufferPointer { anchors in number.text.withView { matchNumber(query, anchors: anchors, keys: $0.keys) } }
        }
    }

    /// The best match of `query` in a number whose digits are `keys`, typed from `anchors`
    /// (`NumberForms.anchors`).
    static func matchNumber(_ query: UnsafeBufferPointer<UInt8>, anchors: UnsafeBufferPointer<NumberForms.Anchor>, keys: UnsafeBufferPointer<UInt8>) -> Match? {
        guard !query.isEmpty else { return nil }
        for anchor in anchors where NumberForms.matches(query, from: anchor, keys: keys) {
            let ownKeys = max(0, query.count - Int(anchor.head.count))
            let ranges = ownKeys > 0 ? [anchor.start..<(anchor.start + ownKeys)] : []
            return Match(quality: .numberPrefix, keyRanges: ranges)
        }
        guard query.count <= keys.count else { return nil }
        for start in 0...(keys.count - query.count) where runMatches(query, keys: keys, at: start) {
            return Match(quality: .numberMiddle, keyRanges: [start..<(start + query.count)])
        }
        return nil
    }

    /// Initials: one to `maxInitials` first letters of words in order, then a prefix of a later
    /// word that may run on across words. The first such match, trying earlier words first.
    static func matchInitials(_ query: UnsafeBufferPointer<UInt8>, text: KeyedText.View) -> Match? {
        let wordCount = min(text.words.count, NameRules.maxWords)
        guard query.count >= 2, wordCount >= 2 else { return nil }
        var initials = InitialWords()
        guard let tail = searchInitials(query, text: text, wordCount: wordCount, queryAt: 0, fromWord: 0, initials: &initials) else {
            return nil
        }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(Int(initials.count) + 1)
        for position in 0..<Int(initials.count) {
            let start = text.words[initials[position]].lowerBound
            ranges.append(start..<(start + 1))
        }
        let start = text.words[tail].lowerBound
        ranges.append(start..<(start + query.count - Int(initials.count)))
        return Match(quality: .initials, keyRanges: ranges)
    }

    /// The word where the final run starts, with `initials` holding the initial words before it.
    private static func searchInitials(
        _ query: UnsafeBufferPointer<UInt8>, text: KeyedText.View, wordCount: Int, queryAt: Int, fromWord: Int,
        initials: inout InitialWords
    ) -> Int? {
        let rest = UnsafeBufferPointer(rebasing: query[queryAt...])
        if initials.count > 0 {
            for word in fromWord..<wordCount where runMatches(rest, keys: text.keys, at: text.words[word].lowerBound) {
                return word
            }
        }
        guard Int(initials.count) < NameRules.maxInitials, rest.count >= 2 else { return nil }
        for word in fromWord..<(wordCount - 1) where text.keys[text.words[word].lowerBound] == query[queryAt] {
            initials.push(word)
            if let tail = searchInitials(query, text: text, wordCount: wordCount, queryAt: queryAt + 1, fromWord: word + 1, initials: &initials) {
                return tail
            }
            initials.pop()
        }
        return nil
    }

    /// Up to `NameRules.maxInitials` word indices, without an allocation.
    struct InitialWords {
        private var words: (Int, Int, Int) = (0, 0, 0)
        private(set) var count: UInt8 = 0

        subscript(position: Int) -> Int {
            switch position {
            case 0: words.0
            case 1: words.1
            default: words.2
            }
        }

        mutating func push(_ word: Int) {
            switch count {
            case 0: words.0 = word
            case 1: words.1 = word
            default: words.2 = word
            }
            count += 1
        }

        mutating func pop() { count -= 1 }
    }

    /// Whether `keys` has `query` at `start`.
    @inline(__always)
    static func runMatches(_ query: UnsafeBufferPointer<UInt8>, keys: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start + query.count <= keys.count else { return false }
        var position = start
        for key in query {
            if keys[position] != key { return false }
            position += 1
        }
        return true
    }
}
