// SPDX-License-Identifier: Apache-2.0

/// Names indexed by their letters, for search by typed text (multi-tap mode, `--text`): the
/// same sorted tables and top-rank trees as the digit index, keyed by letters instead of keys,
/// so each letter typed narrows the previous result and the best 20 come in microseconds.
///
/// Names are spelled in base letters (`TextQuery.spell`: no case, no accents, other characters
/// as a space), each letter coded as one byte: a space is 1, the letters and digits of the
/// layouts 2...126, anything else 127 (it can't be typed, so it never matches). A word is a
/// run of letters between spaces. Text matches as keys do in the default `MatchMode.smart`:
/// keys start at the start of a name (`namePrefix`), as initials (one to three first letters
/// of words, then the letters from a later word's start: `initials`), and at the start of a
/// later word (`laterWordPrefix`); with `MatchMode.anywhere`, also inside a word (`anywhere`).
/// `TextQuery.match` is the definition of the same rules, which the index agrees with.
final class TextIndex: Sendable {
    static let space: UInt8 = 1
    static let untypable: UInt8 = 127

    /// The tables, in the order their match qualities rank.
    enum Table: Int, CaseIterable {
        case nameStart, initials, laterWord, anywhere

        var quality: MatchQuality {
            switch self {
            case .nameStart: .namePrefix
            case .initials: .initials
            case .laterWord: .laterWordPrefix
            case .anywhere: .anywhere
            }
        }
    }

    private let codes: [UInt32: UInt8]
    let keys: RankedTables

    /// Indexes the names of `contacts`, written to the pool in the order of `contactsByRank`,
    /// with the keys `mode` lets match.
    init(contacts: ContactTable, alphabet: T9Alphabet, contactsByRank: [UInt32], mode: MatchMode, parallelism: Parallelism) {
        var codes: [UInt32: UInt8] = [0x20: Self.space]
        var typable = (0...9).map { UInt32(0x30 + $0) }
        for layout in alphabet.layouts {
            for letters in layout.keys.values { typable += letters.map(\.value) }
            typable += layout.expansions.keys.map(\.value)
        }
        for letter in typable where codes[letter] == nil && codes.count < Int(Self.untypable) {
            codes[letter] = UInt8(codes.count + 1)
        }
        self.codes = codes

        var pool = KeyPool()
        var entries = [[UInt32]](repeating: [], count: Table.allCases.count)
        var symbols: [UInt8] = []
        var wordStarts: [Int] = []
        var initials: [UInt8] = []
        var cache = FoldCache(alphabet: alphabet)
        for contact in contactsByRank.lazy.map(Int.init) where contacts.hasNumbers(contact) {
            for field in contacts.fields(of: contact) where contacts.kind(of: field).nameKind != nil {
                let spelling = contacts.withUTF8(of: field) { TextQuery.spell(utf8: $0, cache: &cache) }
                symbols.removeAll(keepingCapacity: true)
                for letter in spelling.letters { symbols.append(codes[letter] ?? Self.untypable) }
                let base = pool.append(contact: UInt32(contact), symbols: symbols)
                wordStarts.removeAll(keepingCapacity: true)
                for (position, symbol) in symbols.enumerated() where symbol != Self.space {
                    let startsWord = position == 0 || symbols[position - 1] == Self.space
                    if startsWord { wordStarts.append(position) }
                    let table: Table = position == 0 ? .nameStart : startsWord ? .laterWord : .anywhere
                    if table != .anywhere || mode == .anywhere { entries[table.rawValue].append(base + UInt32(position)) }
                }
                // Initials: one to three first letters of earlier words, then the letters from a
                // later word's start, as `IndexBuilder` keys them.
                let ruledWords = min(wordStarts.count, NameRules.maxWords)
                for tail in 1..<max(1, ruledWords) {
                    for heads in 1..<(1 << tail) where heads.nonzeroBitCount <= NameRules.maxInitials {
                        initials.removeAll(keepingCapacity: true)
                        for word in 0..<tail where heads & (1 << word) != 0 { initials.append(symbols[wordStarts[word]]) }
                        initials.append(contentsOf: symbols[wordStarts[tail]...])
                        entries[Table.initials.rawValue].append(pool.append(contact: UInt32(contact), symbols: initials))
                    }
                }
            }
        }
        pool.shrink()
        var tables: [KeyTable] = []
        for table in entries.indices {
            let list = entries[table]
            entries[table] = []
            tables.append(KeyTable(offsets: list, pool: pool, alphabet: Int(Self.untypable) + 1))
        }
        keys = RankedTables(
            pool: pool, tables: tables, qualities: Table.allCases.map(\.quality), symbols: Self.space...Self.untypable,
            directoryDepth: 1, parallelism: parallelism)
    }

    /// The codes of a spelled query; nil when it has a letter no layout has, which no name
    /// key can match (the caller falls back to scanning names).
    func codes(of spelling: TextQuery.Spelling) -> [UInt8]? {
        var result: [UInt8] = []
        for letter in spelling.letters {
            guard let code = codes[letter] else { return nil }
            result.append(code)
        }
        return result
    }

    /// The contacts that rank best among those with keys in `ranges`, the ranges of a query of
    /// `queryLength` letters, best quality first.
    func ranked(_ ranges: [Range<Int>], queryLength: Int, limit: Int) -> [(contact: UInt32, quality: MatchQuality)] {
        var ranges = ranges
        // One letter is an initial with no word after it: a prefix, not initials.
        if queryLength < 2 { ranges[Table.initials.rawValue] = 0..<0 }
        return keys.ranked(ranges, limit: limit)
    }
}
