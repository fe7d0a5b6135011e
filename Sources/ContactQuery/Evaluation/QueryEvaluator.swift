// SPDX-License-Identifier: Apache-2.0

public import T9Search

/// Tests contacts against one query at one time: `$time` values are resolved and the strings
/// folded once, when the evaluator is made.
///
/// How values compare (Spotlight's rules where its documentation gives them):
/// - `==` on a text attribute: the value, `*` standing for any run of characters, matches the
///   whole attribute, unless `w` or `t` says words. A multi-valued attribute (phoneNumbers,
///   emailAddresses, nickname) and `**` (every text attribute) match when any value matches.
/// - `!=` is the negation of `==` over the values there are: true when the contact has the
///   attribute and no value matches. A contact without the attribute (no organization, never
///   dialled) matches no comparison on it, `!=` included; `!(attr == v)` matches it.
/// - `< <= > >=` on text compare scalar by scalar after `c` and `d`, with `*` taken literally;
///   on numbers and dates numerically. `InRange` includes both ends.
public struct QueryEvaluator {
    private let root: Node
    private var folder: TextFolder

    public init(_ query: QueryExpression, alphabet: T9Alphabet, clock: QueryClock) {
        var folder = TextFolder(alphabet: alphabet)
        root = Node(query, clock: clock, folder: &folder)
        self.folder = folder
    }

    /// Whether `record` matches the query.
    public mutating func matches(_ record: QueryRecord) -> Bool {
        root.evaluate(record, &folder)
    }
}

/// The query with its values ready to compare.
private indirect enum Node {
    case text(TextTest)
    case number(ContactAttribute, QueryOperator, Double)
    case range(ContactAttribute, Double, Double)
    case starred(QueryOperator, Bool)
    case not(Node)
    case and(Node, Node)
    case or(Node, Node)

    init(_ expression: QueryExpression, clock: QueryClock, folder: inout TextFolder) {
        func number(_ value: QueryValue) -> Double {
            switch value {
            case .number(let number): number
            case .time(let time): clock.resolve(time)
            case .string, .boolean: .nan  // the parser lets no such value reach a number attribute
            }
        }
        switch expression {
        case .not(let inner): self = .not(Node(inner, clock: clock, folder: &folder))
        case .and(let a, let b): self = .and(Node(a, clock: clock, folder: &folder), Node(b, clock: clock, folder: &folder))
        case .or(let a, let b): self = .or(Node(a, clock: clock, folder: &folder), Node(b, clock: clock, folder: &folder))
        case .inRange(let attribute, let low, let high): self = .range(attribute, number(low), number(high))
        case .comparison(let comparison):
            switch (comparison.field, comparison.value) {
            case (.anyText, .string(let text)):
                self = .text(TextTest(ContactAttribute.textAttributes, comparison.op, text, comparison.modifiers, &folder))
            case (.attribute(let attribute), .string(let text)):
                self = .text(TextTest([attribute], comparison.op, text, comparison.modifiers, &folder))
            case (_, .boolean(let flag)):
                self = .starred(comparison.op, flag)
            case (.attribute(let attribute), let value):
                self = .number(attribute, comparison.op, number(value))
            case (.anyText, _):
                self = .starred(.equal, false)  // the parser gives ** only strings
            }
        }
    }

    func evaluate(_ record: QueryRecord, _ folder: inout TextFolder) -> Bool {
        switch self {
        case .text(let test): return test.evaluate(record, &folder)
        case .number(let attribute, let op, let value):
            guard let actual = record.number(attribute) else { return false }
            return op.compare(actual, value)
        case .range(let attribute, let low, let high):
            guard let actual = record.number(attribute) else { return false }
            return low <= actual && actual <= high
        case .starred(let op, let flag): return op == .equal ? record.starred == flag : record.starred != flag
        case .not(let inner): return !inner.evaluate(record, &folder)
        case .and(let a, let b): return a.evaluate(record, &folder) && b.evaluate(record, &folder)
        case .or(let a, let b): return a.evaluate(record, &folder) || b.evaluate(record, &folder)
        }
    }
}

/// One comparison on text attributes.
private struct TextTest {
    let attributes: [ContactAttribute]
    let op: QueryOperator
    let modifiers: QueryModifiers
    /// The folded value, for ordering.
    let literal: [Unicode.Scalar]
    let pattern: WildcardPattern
    /// With `t`: the value's words, each a pattern of its own.
    let tokens: [WildcardPattern]

    init(_ attributes: [ContactAttribute], _ op: QueryOperator, _ text: String, _ modifiers: QueryModifiers, _ folder: inout TextFolder) {
        self.attributes = attributes
        self.op = op
        self.modifiers = modifiers
        literal = folder.fold(text, modifiers)
        pattern = WildcardPattern(literal)
        tokens =
            modifiers.contains(.tokenized)
            ? literal.split(whereSeparator: \.properties.isWhitespace).map { WildcardPattern(Array($0)) }
            : []
    }

    func evaluate(_ record: QueryRecord, _ folder: inout TextFolder) -> Bool {
        var sawValue = false
        for attribute in attributes {
            for value in record.texts(attribute) {
                sawValue = true
                let folded = folder.fold(value, modifiers)
                switch op {
                case .equal: if matches(folded) { return true }
                case .notEqual: if matches(folded) { return false }
                default: if op.compare(folded, literal) { return true }
                }
            }
        }
        return op == .notEqual && sawValue
    }

    private func matches(_ value: [Unicode.Scalar]) -> Bool {
        if !tokens.isEmpty {
            let text = FoldedText(value)
            return tokens.allSatisfy { $0.matchesWords(text) }
        }
        if modifiers.contains(.wordBased) { return pattern.matchesWords(FoldedText(value)) }
        return pattern.matchesWhole(value)
    }
}

extension QueryOperator {
    fileprivate func compare(_ a: Double, _ b: Double) -> Bool {
        switch self {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }

    /// Orders text scalar by scalar, by code point.
    fileprivate func compare(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        let less = a.lexicographicallyPrecedes(b) { $0.value < $1.value }
        let greater = b.lexicographicallyPrecedes(a) { $0.value < $1.value }
        switch self {
        case .equal: return !less && !greater
        case .notEqual: return less || greater
        case .less: return less
        case .lessOrEqual: return !greater
        case .greater: return greater
        case .greaterOrEqual: return !less
        }
    }
}
