// SPDX-License-Identifier: Apache-2.0

/// Names indexed by their letters, for search by typed text (multi-tap mode, `--text`): the
/// same sorted tables and top-rank trees as the digit index, keyed by letters instead of keys,
/// so each letter typed narrows the previous result and the best 20 come in microseconds.
///
/// Names are spelled in base letters (`TextQuery.spell`: no case, no accents, other characters
/// as a space), each letter coded as one byte: a space is 1, the letters and digits of the
/// layouts 2...126, anything else 127 (it can't be typed, so it never matches). Keys start at
/// every letter of a name: at its start (`namePrefix`), at the start of a later word
/// (`laterWordPrefix`) and inside a word (`anywhere`).
final class TextIndex: Sendable {
    static let space: UInt8 = 1
    static let untypable: UInt8 = 127

    private let codes: [UInt32: UInt8]
    let keys: RankedTables

    /// Indexes the names of `contacts`, written to the pool in the order of `contactsByRank`.
    init(contacts: ContactTable, alphabet: T9Alphabet, contactsByRank: [UInt32]) {
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
        var entries: [[UInt32]] = [[], [], []]
        var symbols: [UInt8] = []
        var cache = FoldCache(alphabet: alphabet)
        for contact in contactsByRank.lazy.map(Int.init) where contacts.hasNumbers(contact) {
            for field in contacts.fields(of: contact) where contacts.kind(of: field).nameKind != nil {
                let spelling = contacts.withUTF8(of: field) { TextQuery.spell(utf8: $0, cache: &cache) }
                symbols.removeAll(keepingCapacity: true)
                for letter in spelling.letters { symbols.append(codes[letter] ?? Self.untypable) }
                let base = pool.append(contact: UInt32(contact), symbols: symbols)
                for (position, symbol) in symbols.enumerated() where symbol != Self.space {
                    let table = position == 0 ? 0 : symbols[position - 1] == Self.space ? 1 : 2
                    entries[table].append(base + UInt32(position))
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
            pool: pool, tables: tables, qualities: [.namePrefix, .laterWordPrefix, .anywhere], symbols: Self.space...Self.untypable,
            directoryDepth: 1)
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
}
