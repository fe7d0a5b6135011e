// SPDX-License-Identifier: Apache-2.0

/// How much the user calls each number of the contacts they have called, from the dial
/// history: a contact found by name lists its most called number first. Kept only for the
/// contacts called, by their position in the index's table, so a book of any size costs a few
/// bytes a contact called.
public struct NumberCalls: Sendable, Hashable {
    /// A score for each number of a called contact (by its position among the contact's
    /// numbers); a number not called scores 0.
    private var scores: [UInt32: [Float]] = [:]

    public init() {}

    /// `scores[contact][number]`: how much number `number` of contact `contact` was called
    /// (the history's decaying count); scores of 0 and below are left out.
    public init(_ scores: [Int: [Int: Double]]) {
        for (contact, numbers) in scores where contact >= 0 && contact <= Int(UInt32.max) {
            let called = numbers.filter { $0.key >= 0 && $0.value > 0 }
            guard let last = called.keys.max() else { continue }
            var row = [Float](repeating: 0, count: last + 1)
            for (number, score) in called { row[number] = Float(score) }
            self.scores[UInt32(contact)] = row
        }
    }

    /// How much number `number` of contact `contact` was called; 0 when never.
    public func score(contact: Int, number: Int) -> Double {
        guard contact >= 0, contact <= Int(UInt32.max), let row = scores[UInt32(contact)], row.indices.contains(number) else { return 0 }
        return Double(row[number])
    }

    /// Whether no number was called.
    public var isEmpty: Bool { scores.isEmpty }
}

extension NumberLabel {
    /// The positions of a contact's numbers, labelled `labels`, in the order a contact found by
    /// name lists them: the most called first (`calls`), then the preferred one, then by kind
    /// (`order`: mobile, home, work, main, other, the rest, pager, fax), then as the source
    /// has them. Fax numbers are left out when the contact has another number.
    public static func listOrder(_ labels: [NumberLabel], calls: (Int) -> Double = { _ in 0 }) -> [Int] {
        var positions = Array(labels.indices)
        if labels.contains(where: { !$0.isFax }) { positions.removeAll { labels[$0].isFax } }
        let scores = positions.map(calls)
        return zip(positions, scores).sorted { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            let (left, right) = (labels[a.0], labels[b.0])
            if left.isPreferred != right.isPreferred { return left.isPreferred }
            if left.order != right.order { return left.order < right.order }
            return a.0 < b.0
        }.map(\.0)
    }
}

extension SearchIndex {
    /// The positions of `contact`'s numbers, each a row of its own when the contact is found
    /// by name, in the order `NumberLabel.listOrder` gives with the index's `numberCalls`.
    public func numberRows(of contact: Int) -> [Int] {
        var rows: [Int] = []
        contacts.withTexts(of: contact, unpackingUID: false) { texts in
            let count = texts.numberCount
            guard count > 1 else {
                rows = Array(0..<count)
                return
            }
            let labels = (0..<count).map { texts.label(ofNumber: $0) }
            rows = NumberLabel.listOrder(labels) { numberCalls.score(contact: contact, number: $0) }
        }
        return rows
    }

    /// `results`, best first, as the rows a list shows, at most `limit`: a contact found by
    /// name is a row for each of its numbers (`numberRows`), each with `number` set to it and
    /// the name's highlights; a contact found by a number is one row, that number. Call it
    /// with only the results a display shows: it reads each contact's labels.
    public func rows(of results: some Sequence<SearchResult>, limit: Int) -> [SearchResult] {
        var rows: [SearchResult] = []
        for result in results {
            guard rows.count < limit else { break }
            // Most contacts have one number: their row is the result as it is.
            var oneNumber = true
            if case .name = result.field {
                contacts.withTexts(of: result.contact, unpackingUID: false) { oneNumber = $0.numberCount <= 1 }
            }
            guard !oneNumber else {
                rows.append(result)
                continue
            }
            let numbers = numberRows(of: result.contact)
            if numbers.isEmpty { rows.append(result) }
            for number in numbers.prefix(limit - rows.count) {
                var row = result
                row.number = number
                rows.append(row)
            }
        }
        return rows
    }

    /// The label of number `number` of `contact`.
    public func label(of contact: Int, number: Int) -> NumberLabel {
        var label = NumberLabel()
        contacts.withTexts(of: contact, unpackingUID: false) { label = $0.label(ofNumber: number) }
        return label
    }
}
