/// A contact book indexed for T9 search: finds the best-ranked matches of a digit query in
/// microseconds, whatever the size of the book.
///
/// Every way a contact can match is a key in one of a few sorted tables (runs from a name's
/// first word, from later words, whole words, initials, number prefixes, number middles), so the
/// contacts matching a query are one range per table, and each keystroke narrows the ranges of
/// the one before (see `SearchSession`). Within a match quality, contacts come in rank order:
/// affinity (how much the user calls them) first, then name.
public final class SearchIndex: Sendable {
    public let contacts: [SearchableContact]
    public let alphabet: T9Alphabet
    public let options: SearchOptions

    let pool: KeyPool
    let tables: [KeyTable]
    let trees: [TopRankTree]
    /// `contactRanks[contact]` is the contact's place in the ranking order; `contactsByRank` the inverse.
    let contactRanks: [UInt32]
    let contactsByRank: [UInt32]
    /// Base-letter spellings of names for text search, built on first use.
    let textNames: TextNames

    /// The tables, in the order their match qualities rank.
    enum Table: Int, CaseIterable {
        case nameStart, wholeWords, initials, laterWord, numberPrefix, numberMiddle, anywhere

        var quality: MatchQuality {
            switch self {
            case .nameStart, .wholeWords: .namePrefix
            case .initials: .initials
            case .laterWord: .laterWordPrefix
            case .numberPrefix: .numberPrefix
            case .numberMiddle: .numberMiddle
            case .anywhere: .anywhere
            }
        }
    }

    /// Indexes `contacts`. `affinity` scores contacts the user calls often (higher first; the
    /// dial history provides it); contacts with equal affinity rank by name.
    public convenience init(
        contacts: [SearchableContact],
        alphabet: T9Alphabet,
        options: SearchOptions = SearchOptions(),
        affinity: [Double] = []
    ) {
        var builder = IndexBuilder(alphabet: alphabet, options: options)
        for (index, contact) in contacts.enumerated() { builder.add(contact, at: UInt32(index)) }
        let (pool, tables) = builder.finish()
        let order = RankOrder(contacts: contacts, alphabet: alphabet, affinity: affinity)
        self.init(contacts: contacts, alphabet: alphabet, options: options, pool: pool, tables: tables, order: order)
    }

    private init(contacts: [SearchableContact], alphabet: T9Alphabet, options: SearchOptions, pool: KeyPool, tables: [KeyTable], order: RankOrder) {
        self.contacts = contacts
        self.alphabet = alphabet
        self.options = options
        self.pool = pool
        self.tables = tables
        self.contactRanks = order.ranks
        self.contactsByRank = order.contactsByRank
        self.trees = tables.map { TopRankTree(table: $0, rankOf: order.ranks) }
        self.textNames = TextNames()
    }

    /// The same index ranked with new affinities (after a dial), sharing the sorted tables.
    public func reranked(affinity: [Double]) -> SearchIndex {
        let order = RankOrder(contacts: contacts, alphabet: alphabet, affinity: affinity)
        return SearchIndex(contacts: contacts, alphabet: alphabet, options: options, pool: pool, tables: tables, order: order)
    }

    /// The contact's place in the ranking order (0 is first): affinity, then name.
    public func rank(of contact: Int) -> Int { Int(contactRanks[contact]) }

    /// The best `limit` matches of `query` (keys 0-9), best first.
    public func search(_ query: [UInt8], limit: Int = 20) -> [SearchResult] {
        let session = SearchSession(index: self)
        session.setQuery(query)
        return session.results(limit: limit)
    }

    /// Which contacts (by rank) rank best among those with keys in `ranges`, best quality first.
    func rankedContacts(ranges: [Range<Int>], queryLength: Int, limit: Int) -> [(rank: UInt32, quality: MatchQuality)] {
        var found: [(rank: UInt32, quality: MatchQuality)] = []
        var shown: [UInt32] = []
        var table = 0
        while table < tables.count, shown.count < limit {
            let quality = Table(rawValue: table)!.quality
            var best = BestRanks(limit: limit - shown.count, excluded: shown)
            // Every table of this quality (name start and whole words share one).
            while table < tables.count, Table(rawValue: table)!.quality == quality {
                var range = ranges[table]
                switch Table(rawValue: table)! {
                case .wholeWords:
                    // Whole words must end where the query ends.
                    range = tables[table].narrow(range, depth: queryLength, to: KeyPool.end, pool: pool)
                case .initials where queryLength < 2:
                    // One key is an initial with no word after it: a prefix, not initials.
                    range = range.lowerBound..<range.lowerBound
                default: break
                }
                if !range.isEmpty { trees[table].collect(range, table: tables[table], contactRanks: contactRanks, into: &best) }
                table += 1
            }
            for rank in best.ranks { found.append((rank, quality)) }
            shown += best.ranks
        }
        return found
    }
}

/// The ranking order of contacts: affinity, then name (folded to base letters), then UID.
struct RankOrder {
    var ranks: [UInt32]
    var contactsByRank: [UInt32]

    init(contacts: [SearchableContact], alphabet: T9Alphabet, affinity: [Double]) {
        var cache = FoldCache(alphabet: alphabet)
        let sortKeys: [[UInt32]] = contacts.map { contact in
            contact.displayName.unicodeScalars.map { scalar in
                switch cache.fold(scalar) {
                case .separator where scalar.properties.isWhitespace: return 0x20
                default: return (alphabet.baseLetter(scalar) ?? scalar).value
                }
            }
        }
        var order = Array(0..<UInt32(contacts.count))
        order.sort { a, b in
            let affinityA = Int(a) < affinity.count ? affinity[Int(a)] : 0
            let affinityB = Int(b) < affinity.count ? affinity[Int(b)] : 0
            if affinityA != affinityB { return affinityA > affinityB }
            let keyA = sortKeys[Int(a)], keyB = sortKeys[Int(b)]
            if keyA != keyB { return keyA.lexicographicallyPrecedes(keyB) }
            let uidA = contacts[Int(a)].uid, uidB = contacts[Int(b)].uid
            if uidA != uidB { return uidA < uidB }
            return a < b
        }
        var ranks = [UInt32](repeating: 0, count: contacts.count)
        for (rank, contact) in order.enumerated() { ranks[Int(contact)] = UInt32(rank) }
        self.ranks = ranks
        self.contactsByRank = order
    }
}
