// SPDX-License-Identifier: Apache-2.0

/// A text being typed (multi-tap, `--text`): each letter narrows the ranges of the text before
/// it, as `SearchSession` does with keys, and a changed last letter (multi-tap cycling a, b, c)
/// goes back one step instead of searching again.
public final class TextSession {
    public let index: SearchIndex
    public private(set) var text = ""
    private var spelling = TextQuery.Spelling()
    /// The codes of the letters typed; nil when one has no code (searched by scanning).
    private var codes: [UInt8]? = []
    /// The text index's ranges for each length of `codes`.
    private var frames: [[Range<Int>]] = []
    private var cache: FoldCache

    public init(index: SearchIndex) {
        self.index = index
        self.cache = index.foldCache
    }

    /// Makes `text` the query, keeping the work done for the letters it shares with the last one.
    public func setText(_ text: String) {
        self.text = text
        spelling = TextQuery.query(text, alphabet: index.alphabet)
        let textIndex = index.textIndex
        guard let newCodes = textIndex.codes(of: spelling) else {
            codes = nil
            frames = []
            return
        }
        let shared = codes.map { old in zip(old, newCodes).prefix { $0 == $1 }.count } ?? 0
        if frames.isEmpty { frames = [textIndex.keys.fullRanges] }
        frames.removeSubrange((shared + 1)...)
        for depth in shared..<newCodes.count {
            frames.append(textIndex.keys.narrow(frames[depth], to: newCodes[...depth]))
        }
        codes = newCodes
    }

    /// The best `limit` contacts whose names match the text (`TextQuery.match`), best first, with what to highlight.
    public func results(limit: Int = 20) -> [SearchResult] {
        results(for: ranked(limit: limit))
    }

    /// The best `limit` contacts whose names match the text and how well each matches, best
    /// first, without working out which name matched or where.
    public func ranked(limit: Int = 20) -> [(contact: Int, quality: MatchQuality)] {
        guard !spelling.letters.isEmpty, limit > 0 else { return [] }
        guard let codes, let ranges = frames.last, frames.count == codes.count + 1 else {
            return TextQuery.scan(spelling, in: index, limit: limit).map { ($0.contact, $0.quality) }
        }
        return index.textIndex.ranked(ranges, queryLength: codes.count, limit: limit).map { found in (Int(found.contact), found.quality) }
    }

    /// The matched name and highlight range of `ranked`, found by `ranked(limit:)` for the
    /// text as it is now, in order: a dialer finds them only for the rows a screen shows.
    public func results(for ranked: [(contact: Int, quality: MatchQuality)]) -> [SearchResult] {
        ranked.compactMap { found in
            guard
                let best = TextQuery.bestMatch(
                    spelling, contact: found.contact, in: index.contacts, mode: index.options.mode, cache: &cache)
            else {
                assertionFailure("the text search found contact \(found.contact), the matcher did not")
                return nil
            }
            assert(best.quality == found.quality, "the text search and the matcher disagree on contact \(found.contact)")
            return SearchResult(
                contact: found.contact, quality: best.quality, field: .name(best.field),
                number: index.contacts.preferredNumber(of: found.contact), ranges: best.ranges)
        }
    }
}
