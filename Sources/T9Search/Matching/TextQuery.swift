// SPDX-License-Identifier: Apache-2.0

/// Search by typed letters instead of keys: the name contains the text, ignoring case and
/// accents ("ann" finds "Ánna", "Johann"). Multi-tap mode and `t9dial search --text` use it.
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

    /// Where `query` occurs in `name`: its quality (start of the name, start of a later word,
    /// or inside a word) and the scalar range, or nil.
    public static func match(_ query: Spelling, in name: Spelling) -> (quality: MatchQuality, range: Range<Int>)? {
        let needle = query.letters, haystack = name.letters
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        var best: (quality: MatchQuality, range: Range<Int>)? = nil
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            guard haystack[start..<(start + needle.count)].elementsEqual(needle) else { continue }
            let quality: MatchQuality = start == 0 ? .namePrefix : haystack[start - 1] == 0x20 ? .laterWordPrefix : .anywhere
            let range = Int(name.offsets[start])..<Int(name.offsets[start + needle.count - 1]) + 1
            if best == nil || quality < best!.quality { best = (quality, range) }
            if quality == .namePrefix { break }
        }
        return best
    }

    /// The best `limit` contacts whose names contain `text`, ranked like key queries. A
    /// `TextSession` does the same, narrowing as the text grows.
    public static func search(_ text: String, in index: SearchIndex, limit: Int = 20) -> [SearchResult] {
        let session = TextSession(index: index)
        session.setText(text)
        return session.results(limit: limit)
    }

    /// The best match of `query` among a contact's names: which name, at what quality, where.
    static func bestMatch(
        _ query: Spelling, contact: Int, in contacts: ContactTable, cache: inout FoldCache
    ) -> (field: Int, quality: MatchQuality, range: Range<Int>)? {
        var best: (field: Int, quality: MatchQuality, range: Range<Int>)? = nil
        var name = 0
        for field in contacts.fields(of: contact) where contacts.kind(of: field).nameKind != nil {
            defer { name += 1 }
            let spelling = contacts.withUTF8(of: field) { spell(utf8: $0, cache: &cache) }
            if let found = match(query, in: spelling), best == nil || found.quality < best!.quality {
                best = (name, found.quality, found.range)
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
            guard let best = bestMatch(query, contact: contact, in: index.contacts, cache: &cache) else { continue }
            let result = SearchResult(
                contact: contact, quality: best.quality, field: .name(best.field),
                number: index.contacts.preferredNumber(of: contact), ranges: [best.range])
            found.append((best.quality, index.rank(of: contact), result))
        }
        found.sort { ($0.quality, $0.rank) < ($1.quality, $1.rank) }
        return found.prefix(limit).map(\.result)
    }
}
