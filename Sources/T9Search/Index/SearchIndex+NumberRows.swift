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
        let keepFax = labels.allSatisfy(\.isFax)
        return labels.indices.filter { keepFax || !labels[$0].isFax }
            .map { ListedNumber(position: $0, label: labels[$0], calls: calls($0)) }
            .sorted { $0.precedes($1) }
            .map(\.position)
    }
}

/// One number of a contact as the order of its rows weighs it.
struct ListedNumber {
    var position: Int
    var calls: Double
    var isPreferred: Bool
    var order: Int

    init(position: Int, label: NumberLabel, calls: Double) {
        self.position = position
        self.calls = calls
        self.isPreferred = label.isPreferred
        self.order = label.order
    }

    /// Whether this number is listed before `other` (`NumberLabel.listOrder`).
    func precedes(_ other: ListedNumber) -> Bool {
        if calls != other.calls { return calls > other.calls }
        if isPreferred != other.isPreferred { return isPreferred }
        if order != other.order { return order < other.order }
        return position < other.position
    }
}

extension SearchIndex {
    /// The positions of `contact`'s numbers, each a row of its own when the contact is found
    /// by name, in the order `NumberLabel.listOrder` gives with the index's `numberCalls`.
    public func numberRows(of contact: Int) -> [Int] {
        var rows: [Int] = []
        forEachNumberRow(of: contact, fields: contacts.numberFields(of: contact)) { rows.append($0) }
        return rows
    }

    /// `results`, best first, as the rows a list shows, at most `limit`: a contact found by
    /// name is a row for each of its numbers (`numberRows`), each with `number` set to it and
    /// the name's highlights; a contact found by a number is one row, that number. Call it
    /// with only the results a display shows: it reads each contact's labels.
    public func rows(of results: [SearchResult], limit: Int) -> [SearchResult] {
        var rows: [SearchResult] = []
        rows.reserveCapacity(min(limit, results.count + 4))
        for result in results {
            guard rows.count < limit else { break }
            let fields = contacts.numberFields(of: result.contact)
            // Most contacts have one number: their row is the result as it is.
            guard case .name = result.field, fields.count > 1 else {
                rows.append(result)
                continue
            }
            forEachNumberRow(of: result.contact, fields: fields) { number in
                guard rows.count < limit else { return }
                var row = result
                row.number = number
                rows.append(row)
            }
        }
        return rows
    }

    /// How many rows `contact`, found with `quality`, is: one found by a number is one, one
    /// found by name a row for each number it lists. Read from the table's field bytes, before
    /// any highlighting.
    public func rowCount(of contact: Int, quality: MatchQuality) -> Int {
        guard quality.isNameMatch else { return 1 }
        let fields = contacts.numberFields(of: contact)
        guard fields.count > 1 else { return 1 }
        let voice = fields.count { !contacts.orderLabel(ofNumberField: $0).isFax }
        return voice > 0 ? voice : fields.count
    }

    /// How many of `ranked`, from the first, make `rows` rows (the last one may make more): the
    /// contacts to highlight, and no more, for a list of `rows` rows.
    public func contactsFilling(rows: Int, from ranked: ArraySlice<(contact: Int, quality: MatchQuality)>) -> Int {
        var filled = 0
        var count = 0
        for found in ranked {
            guard filled < rows else { break }
            filled += rowCount(of: found.contact, quality: found.quality)
            count += 1
        }
        return count
    }

    /// Calls `body` with the position of each number of `contact` (whose number fields are
    /// `fields`) in list order. No array is made: this runs for every row shown, each key.
    private func forEachNumberRow(of contact: Int, fields: Range<Int>, _ body: (Int) -> Void) {
        let table = contacts
        let keepFax = fields.allSatisfy { table.orderLabel(ofNumberField: $0).isFax }
        withUnsafeTemporaryAllocation(of: ListedNumber.self, capacity: fields.count) { listed in
            var count = 0
            for (position, field) in fields.enumerated() {
                let label = table.orderLabel(ofNumberField: field)
                if label.isFax && !keepFax { continue }
                let calls = numberCalls.isEmpty ? 0 : numberCalls.score(contact: contact, number: position)
                let number = ListedNumber(position: position, label: label, calls: calls)
                // Insertion into the few before it: a contact has a handful of numbers.
                var slot = count
                while slot > 0 && number.precedes(listed[slot - 1]) {
                    listed[slot] = listed[slot - 1]
                    slot -= 1
                }
                listed[slot] = number
                count += 1
            }
            for slot in 0..<count { body(listed[slot].position) }
        }
    }
}
