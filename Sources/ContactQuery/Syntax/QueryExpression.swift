// SPDX-License-Identifier: Apache-2.0

/// A parsed query: comparisons combined with `!`, `&&` and `||`.
///
/// Parsing checks names and value types, so every expression here can be evaluated.
public indirect enum QueryExpression: Sendable, Hashable {
    case comparison(QueryComparison)
    /// `InRange(attribute, min, max)`, both ends included.
    case inRange(ContactAttribute, QueryValue, QueryValue)
    case not(QueryExpression)
    case and(QueryExpression, QueryExpression)
    case or(QueryExpression, QueryExpression)

    /// Parses `text`, or says at which column it goes wrong.
    public static func parse(_ text: String) throws(QuerySyntaxError) -> QueryExpression {
        var parser = try QueryParser(text)
        return try parser.parseQuery()
    }
}

/// What a comparison looks at: one attribute, or `**`, every text attribute.
public enum QueryField: Sendable, Hashable {
    case attribute(ContactAttribute)
    case anyText
}

/// `field op value[modifiers]`.
public struct QueryComparison: Sendable, Hashable {
    public var field: QueryField
    public var op: QueryOperator
    public var value: QueryValue
    public var modifiers: QueryModifiers

    public init(_ field: QueryField, _ op: QueryOperator, _ value: QueryValue, _ modifiers: QueryModifiers = []) {
        self.field = field
        self.op = op
        self.value = value
        self.modifiers = modifiers
    }
}

public enum QueryOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// Whether the operator orders values rather than testing equality.
    public var isOrdering: Bool { self != .equal && self != .notEqual }
}

/// A value as written in the query; `$time` values are resolved when the query runs.
public enum QueryValue: Sendable, Hashable {
    /// The text between the quotes, escapes resolved; `*` is a wildcard.
    case string(String)
    case number(Double)
    case boolean(Bool)
    case time(QueryTime)
}

/// Spotlight's relative times.
public enum QueryTime: Sendable, Hashable {
    /// `$time.now` (0) or `$time.now(N)`: now plus N seconds.
    case now(seconds: Int)
    /// `$time.today` (0) or `$time.today(N)`: local midnight N days from today.
    /// `$time.yesterday` is `today(days: -1)`.
    case today(days: Int)
}

/// The letters after a string's closing quote: `"ann*"cd`.
public struct QueryModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `c`: case does not matter.
    public static let caseInsensitive = QueryModifiers(rawValue: 1)
    /// `d`: accents do not matter (é is e).
    public static let diacriticInsensitive = QueryModifiers(rawValue: 2)
    /// `w`: the value matches whole words, from a word start to a word end.
    public static let wordBased = QueryModifiers(rawValue: 4)
    /// `t`: each word of the value matches a word of the attribute, in any order.
    public static let tokenized = QueryModifiers(rawValue: 8)

    /// The modifier a letter stands for, or nil.
    static func letter(_ character: Character) -> QueryModifiers? {
        switch character {
        case "c": .caseInsensitive
        case "d": .diacriticInsensitive
        case "w": .wordBased
        case "t": .tokenized
        default: nil
        }
    }
}
