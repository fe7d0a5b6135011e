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
        var spelling = Spelling()
        var cache = FoldCache(alphabet: alphabet)
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let letter: UInt32
            switch cache.fold(scalar) {
            case .mark: continue
            case .separator: letter = 0x20
            case .keys: letter = (alphabet.baseLetter(scalar) ?? scalar).value
            }
            spelling.letters.append(letter)
            spelling.offsets.append(Int32(offset))
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

    /// The best `limit` contacts whose names contain `text`, ranked like key queries.
    public static func search(_ text: String, in index: SearchIndex, limit: Int = 20) -> [SearchResult] {
        let query = spell(text, alphabet: index.alphabet)
        guard !query.letters.isEmpty else { return [] }
        let names = index.textNames.names(of: index.contacts, alphabet: index.alphabet)
        var found: [(quality: MatchQuality, rank: UInt32, result: SearchResult)] = []
        for (contact, spellings) in names.enumerated() where index.contacts.hasNumbers(contact) {
            var best: SearchResult? = nil
            for (field, spelling) in spellings.enumerated() {
                guard let match = match(query, in: spelling), best == nil || match.quality < best!.quality else { continue }
                best = SearchResult(contact: contact, quality: match.quality, field: .name(field),
                                    number: index.contacts.preferredNumber(of: contact), ranges: [match.range])
            }
            if let best { found.append((best.quality, index.contactRanks[contact], best)) }
        }
        found.sort { ($0.quality, $0.rank) < ($1.quality, $1.rank) }
        return found.prefix(limit).map(\.result)
    }
}
