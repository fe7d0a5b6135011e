// SPDX-License-Identifier: Apache-2.0

/// Search by typed letters instead of keys, ignoring case and accents ("ann" finds "Ánna"), at
/// the same places keys match (`match`): word starts and initials, and inside words ("Johann")
/// only with `MatchMode.anywhere`. Multi-tap mode and `t9dial search --text` use it.
public enum TextQuery {
    /// A text in base letters, one element per kept scalar, with the scalar offset each came
    /// from. Combining marks are dropped; characters with no letter become a space.
    public struct Spelling: Sendable, Hashable {
        public var letters: [UInt32] = []
        public var offsets: [Int32] = []
    }

    public static func spell(_ text: String, alphabet: T9Alphabet) -> Spelling {
        var text = text
        return text.withUTF8 { spell(utf8: $0, alphabet: alphabet) }
    }

    /// A typed text as a query: its spelling without leading spaces, which would match nothing
    /// more than the letters after them.
    public static func query(_ text: String, alphabet: T9Alphabet) -> Spelling {
        var spelling = spell(text, alphabet: alphabet)
        let spaces = spelling.letters.prefix { $0 == 0x20 }.count
        spelling.letters.removeFirst(spaces)
        spelling.offsets.removeFirst(spaces)
        return spelling
    }

    /// The spelling of the UTF-8 text in `bytes`.
    static func spell(utf8 bytes: UnsafeBufferPointer<UInt8>, alphabet: T9Alphabet) -> Spelling {
        var cache = FoldCache(alphabet: alphabet)
        return spell(utf8: bytes, cache: &cache)
    }

    static func spell(utf8 bytes: UnsafeBufferPointer<UInt8>, cache: inout FoldCache) -> Spelling {
        var spelling = Spelling()
        var index = 0
        var offset: Int32 = 0
        while index < bytes.count {
            let (scalar, length) = UTF8Scalars.decode(bytes, at: index)
            index += length
            defer { offset += 1 }
            let letter: UInt32
            switch cache.fold(scalar) {
            case .mark: continue
            case .separator: letter = 0x20
            case .keys: letter = (cache.baseLetter(scalar) ?? scalar).value
            }
            spelling.letters.append(letter)
            spelling.offsets.append(offset)
        }
        return spelling
    }

    /// The best match of `query` in `name` under `mode`'s rules, which are the key search's
    /// (`FieldMatcher.matchName`): from the start of the name, running on across words
    /// (`namePrefix`); initials, one to three first letters of words then letters from a later
    /// word's start ("wjs", "wsm" in William John Smith: `initials`); from the start of a later
    /// word (`laterWordPrefix`); and with `MatchMode.anywhere` only, inside a word
    /// (`anywhere`). Its quality and the scalar ranges to highlight, or nil.
    public static func match(
        _ query: Spelling, in name: Spelling, mode: MatchMode
    ) -> (quality: MatchQuality, ranges: [Range<Int>])? {
        let needle = query.letters, haystack = name.letters
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        let scalars = { (letters: Range<Int>) in Int(name.offsets[letters.lowerBound])..<Int(name.offsets[letters.upperBound - 1]) + 1 }
        let runs = { (start: Int) in
            start + needle.count <= haystack.count && haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
        if haystack[0] != space, runs(0) { return (.namePrefix, [scalars(0..<needle.count)]) }
        let wordStarts = haystack.indices.filter { haystack[$0] != space && ($0 == 0 || haystack[$0 - 1] == space) }
        if let initials = matchInitials(needle[...], in: haystack, wordStarts: wordStarts) {
            let heads = initials.heads.map { scalars(wordStarts[$0]..<(wordStarts[$0] + 1)) }
            let tailStart = wordStarts[initials.tail]
            return (.initials, heads + [scalars(tailStart..<(tailStart + needle.count - initials.heads.count))])
        }
        if let start = wordStarts.first(where: { $0 > 0 && runs($0) }) {
            return (.laterWordPrefix, [scalars(start..<(start + needle.count))])
        }
        guard mode == .anywhere else { return nil }
        let wordStartSet = Set(wordStarts)
        for start in haystack.indices where haystack[start] != space && !wordStartSet.contains(start) && runs(start) {
            return (.anywhere, [scalars(start..<(start + needle.count))])
        }
        return nil
    }

    private static let space: UInt32 = 0x20

    /// Initials as `FieldMatcher.matchInitials` finds them among keys: the words whose first
    /// letters are the initials (one to `NameRules.maxInitials`) and the later word the rest of
    /// `query` runs from, trying earlier words first; nil when there are none.
    private static func matchInitials(
        _ query: ArraySlice<UInt32>, in name: [UInt32], wordStarts: [Int]
    ) -> (heads: [Int], tail: Int)? {
        let wordCount = min(wordStarts.count, NameRules.maxWords)
        guard query.count >= 2, wordCount >= 2 else { return nil }
        var heads: [Int] = []
        func search(_ rest: ArraySlice<UInt32>, fromWord: Int) -> Int? {
            if !heads.isEmpty {
                for word in fromWord..<wordCount {
                    let start = wordStarts[word]
                    if start + rest.count <= name.count, name[start..<(start + rest.count)].elementsEqual(rest) { return word }
                }
            }
            guard heads.count < NameRules.maxInitials, rest.count >= 2, fromWord < wordCount - 1 else { return nil }
            for word in fromWord..<(wordCount - 1) where name[wordStarts[word]] == rest.first {
                heads.append(word)
                if let tail = search(rest.dropFirst(), fromWord: word + 1) { return tail }
                heads.removeLast()
            }
            return nil
        }
        guard let tail = search(query, fromWord: 0) else { return nil }
        return (heads, tail)
    }

    /// The best `limit` contacts whose names match `text` (`match`, in the index's
    /// `SearchOptions.mode`), ranked like key queries. A
    /// `TextSession` does the same, narrowing as the text grows.
    public static func search(_ text: String, in index: SearchIndex, limit: Int = 20) -> [SearchResult] {
        let session = TextSession(index: index)
        session.setText(text)
        return session.results(limit: limit)
    }

    /// The best match of `query` among a contact's names: which name, at what quality, where.
    static func bestMatch(
        _ query: Spelling, contact: Int, in contacts: ContactTable, mode: MatchMode, cache: inout FoldCache
    ) -> (field: Int, quality: MatchQuality, ranges: [Range<Int>])? {
        var best: (field: Int, quality: MatchQuality, ranges: [Range<Int>])? = nil
        var name = 0
        for field in contacts.fields(of: contact) where contacts.kind(of: field).nameKind != nil {
            defer { name += 1 }
            let spelling = contacts.withUTF8(of: field) { spell(utf8: $0, cache: &cache) }
            if let found = match(query, in: spelling, mode: mode), best == nil || found.quality < best!.quality {
                best = (name, found.quality, found.ranges)
            }
        }
        return best
    }

    /// Every contact checked in turn: for a text with a letter no layout has, which the text
    /// index cannot look up.
    static func scan(_ query: Spelling, in index: SearchIndex, limit: Int) -> [SearchResult] {
        var cache = index.foldCache
        var found: [(quality: MatchQuality, rank: Int, result: SearchResult)] = []
        for contact in index.contacts.indices where index.contacts.hasNumbers(contact) {
            guard let best = bestMatch(query, contact: contact, in: index.contacts, mode: index.options.mode, cache: &cache) else {
                continue
            }
            let result = SearchResult(
                contact: contact, quality: best.quality, field: .name(best.field),
                number: index.contacts.preferredNumber(of: contact), ranges: best.ranges)
            found.append((best.quality, index.rank(of: contact), result))
        }
        found.sort { ($0.quality, $0.rank) < ($1.quality, $1.rank) }
        return found.prefix(limit).map(\.result)
    }
}
