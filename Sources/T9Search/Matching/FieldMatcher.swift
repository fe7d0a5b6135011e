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
        guard !query.isEmpty else { return nil }
        let keys = text.keys
        var laterWord: Match? = nil
        // Runs from the start of a word, across words.
        for (index, word) in text.words.enumerated() where runMatches(query, keys: keys, at: word.lowerBound) {
            let run = word.lowerBound..<(word.lowerBound + query.count)
            let endsWord = index < NameRules.maxWords
                && text.words[index..<min(text.words.count, NameRules.maxWords)].contains { $0.upperBound == run.upperBound }
            if index == 0 || endsWord { return Match(quality: .namePrefix, keyRanges: [run]) }
            if laterWord == nil { laterWord = Match(quality: .laterWordPrefix, keyRanges: [run]) }
        }
        if let initials = matchInitials(query, text: text) { return initials }
        if let laterWord { return laterWord }
        if mode == .anywhere {
            let wordStarts = Set(text.words.map(\.lowerBound))
            for start in keys.indices where !wordStarts.contains(start) && runMatches(query, keys: keys, at: start) {
                return Match(quality: .anywhere, keyRanges: [start..<(start + query.count)])
            }
        }
        return nil
    }

    /// The best match of `query` in a number, or nil.
    public static func matchNumber(_ query: [UInt8], in number: NumberForms) -> Match? {
        guard !query.isEmpty else { return nil }
        let keys = number.text.keys
        for anchor in number.anchors where number.keys(from: anchor).starts(with: query) {
            let ownKeys = max(0, query.count - anchor.head.count)
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
    static func matchInitials(_ query: [UInt8], text: KeyedText) -> Match? {
        let wordCount = min(text.words.count, NameRules.maxWords)
        guard query.count >= 2, wordCount >= 2 else { return nil }
        var initials: [Int] = []
        func search(queryAt: Int, fromWord: Int) -> Match? {
            let rest = Array(query[queryAt...])
            if !initials.isEmpty {
                for word in fromWord..<wordCount where runMatches(rest, keys: text.keys, at: text.words[word].lowerBound) {
                    let start = text.words[word].lowerBound
                    let ranges = initials.map { text.words[$0].lowerBound..<(text.words[$0].lowerBound + 1) }
                    return Match(quality: .initials, keyRanges: ranges + [start..<(start + rest.count)])
                }
            }
            guard initials.count < NameRules.maxInitials, rest.count >= 2 else { return nil }
            for word in fromWord..<(wordCount - 1) where text.keys[text.words[word].lowerBound] == query[queryAt] {
                initials.append(word)
                defer { initials.removeLast() }
                if let match = search(queryAt: queryAt + 1, fromWord: word + 1) { return match }
            }
            return nil
        }
        return search(queryAt: 0, fromWord: 0)
    }

    @inline(__always)
    static func runMatches(_ query: some Collection<UInt8>, keys: [UInt8], at start: Int) -> Bool {
        guard start + query.count <= keys.count else { return false }
        var position = start
        for key in query {
            if keys[position] != key { return false }
            position += 1
        }
        return true
    }
}
