// SPDX-License-Identifier: Apache-2.0

/// Recursive descent over the tokens, with `!` binding tighter than `&&`, and `&&` tighter than `||`:
///
///     query      = or end
///     or         = and ("||" and)*
///     and        = unary ("&&" unary)*
///     unary      = "!" unary | "(" or ")" | "InRange" "(" attribute "," value "," value ")" | comparison
///     comparison = (attribute | "**") op value
///
/// Limits keep a hostile query from exhausting the stack: at most `maxLength` characters, and
/// `!` and `(` nested at most `maxDepth` deep. Past them the query is a syntax error at the
/// column where the limit was crossed.
struct QueryParser {
    /// The longest query, in characters.
    static let maxLength = 4096
    /// How deep `!` and `(` may nest.
    static let maxDepth = 64

    private let tokens: [QueryToken]
    private var position = 0
    private var depth = 0

    init(_ text: String) throws(QuerySyntaxError) {
        guard text.count <= Self.maxLength else {
            throw QuerySyntaxError(column: Self.maxLength + 1, message: "the query is longer than \(Self.maxLength) characters")
        }
        tokens = try QueryLexer.tokens(text)
    }

    private var current: QueryToken { tokens[position] }

    mutating func parseQuery() throws(QuerySyntaxError) -> QueryExpression {
        if current.kind == .end {
            throw QuerySyntaxError(column: current.column, message: "empty query: expected a comparison such as displayName == \"ann*\"c")
        }
        let expression = try parseOr()
        guard current.kind == .end else {
            throw QuerySyntaxError(
                column: current.column, message: current.kind == .rightParen ? "')' without a matching '('" : "expected '&&', '||' or the end of the query")
        }
        return expression
    }

    private mutating func parseOr() throws(QuerySyntaxError) -> QueryExpression {
        var expression = try parseAnd()
        while current.kind == .or {
            position += 1
            expression = .or(expression, try parseAnd())
        }
        return expression
    }

    private mutating func parseAnd() throws(QuerySyntaxError) -> QueryExpression {
        var expression = try parseUnary()
        while current.kind == .and {
            position += 1
            expression = .and(expression, try parseUnary())
        }
        return expression
    }

    private mutating func parseUnary() throws(QuerySyntaxError) -> QueryExpression {
        let token = current
        if token.kind == .not || token.kind == .leftParen {
            guard depth < Self.maxDepth else {
                throw QuerySyntaxError(column: token.column, message: "'!' and '(' nest more than \(Self.maxDepth) deep here")
            }
            depth += 1
        }
        defer { if token.kind == .not || token.kind == .leftParen { depth -= 1 } }
        switch token.kind {
        case .not:
            position += 1
            return .not(try parseUnary())
        case .leftParen:
            position += 1
            let inner = try parseOr()
            guard current.kind == .rightParen else {
                throw QuerySyntaxError(column: current.column, message: "expected ')' to close the '(' at column \(token.column)")
            }
            position += 1
            return inner
        case .identifier("InRange"):
            position += 1
            return try parseInRange()
        case .anyAttribute:
            position += 1
            return try parseComparison(.anyText, at: token)
        case .identifier:
            let attribute = try parseAttribute()
            return try parseComparison(.attribute(attribute), at: token)
        default:
            throw QuerySyntaxError(column: token.column, message: "expected an attribute, '**', 'InRange', '!' or '('")
        }
    }

    private mutating func parseAttribute() throws(QuerySyntaxError) -> ContactAttribute {
        let token = current
        guard case .identifier(let name) = token.kind else {
            throw QuerySyntaxError(column: token.column, message: "expected an attribute: \(ContactAttribute.knownNames)")
        }
        guard let attribute = ContactAttribute(rawValue: name) else {
            throw QuerySyntaxError(
                column: token.column, message: "unknown attribute '\(name)'; the attributes are \(ContactAttribute.knownNames), and ** for any text attribute")
        }
        position += 1
        return attribute
    }

    private mutating func parseComparison(_ field: QueryField, at start: QueryToken) throws(QuerySyntaxError) -> QueryExpression {
        let opToken = current
        guard case .op(let op) = opToken.kind else {
            throw QuerySyntaxError(column: opToken.column, message: "expected an operator: == != < <= > >=")
        }
        position += 1
        let kind: ContactAttribute.Kind
        switch field {
        case .anyText: kind = .text
        case .attribute(let attribute): kind = attribute.kind
        }
        if kind == .boolean, op.isOrdering {
            throw QuerySyntaxError(column: opToken.column, message: "'\(op.rawValue)' does not apply to a true/false attribute; use == or !=")
        }
        let valueToken = current
        let (value, modifiers) = try parseValue()
        try check(value, modifiers, fits: kind, of: field, at: valueToken)
        return .comparison(QueryComparison(field, op, value, modifiers))
    }

    private mutating func parseInRange() throws(QuerySyntaxError) -> QueryExpression {
        try expect(.leftParen, "expected '(' after InRange")
        let attributeToken = current
        let attribute = try parseAttribute()
        guard attribute.kind == .number || attribute.kind == .date else {
            throw QuerySyntaxError(
                column: attributeToken.column, message: "InRange applies to numbers and dates (timesDialed, lastDialed), not to \(attribute.rawValue)")
        }
        var bounds: [QueryValue] = []
        for _ in 0..<2 {
            try expect(.comma, "expected ',' in InRange(attribute, min, max)")
            let valueToken = current
            let (value, modifiers) = try parseValue()
            try check(value, modifiers, fits: attribute.kind, of: .attribute(attribute), at: valueToken)
            bounds.append(value)
        }
        try expect(.rightParen, "expected ')' to close InRange(attribute, min, max)")
        return .inRange(attribute, bounds[0], bounds[1])
    }

    private mutating func expect(_ kind: QueryToken.Kind, _ message: String) throws(QuerySyntaxError) {
        guard current.kind == kind else { throw QuerySyntaxError(column: current.column, message: message) }
        position += 1
    }

    private mutating func parseValue() throws(QuerySyntaxError) -> (QueryValue, QueryModifiers) {
        let token = current
        switch token.kind {
        case .string(let text, let modifiers):
            position += 1
            return (.string(text), modifiers)
        case .number(let value):
            position += 1
            return (.number(value), [])
        case .identifier("true"):
            position += 1
            return (.boolean(true), [])
        case .identifier("false"):
            position += 1
            return (.boolean(false), [])
        case .variable(let name):
            position += 1
            return (.time(try parseTime(name, at: token)), [])
        default:
            throw QuerySyntaxError(column: token.column, message: "expected a value: a \"string\", a number, true, false or $time.now")
        }
    }

    /// `$time.now`, `$time.today`, `$time.yesterday`, each with an optional `(N)`.
    private mutating func parseTime(_ name: String, at token: QueryToken) throws(QuerySyntaxError) -> QueryTime {
        var offset = 0
        if current.kind == .leftParen {
            position += 1
            guard case .number(let value) = current.kind, value == value.rounded(), abs(value) < 1e12 else {
                throw QuerySyntaxError(column: current.column, message: "expected a whole number in $\(name)(N)")
            }
            offset = Int(value)
            position += 1
            try expect(.rightParen, "expected ')' after the number in $\(name)(N)")
        }
        switch name {
        case "time.now": return .now(seconds: offset)
        case "time.today": return .today(days: offset)
        case "time.yesterday": return .today(days: offset - 1)
        default:
            throw QuerySyntaxError(
                column: token.column,
                message: "unknown variable '$\(name)'; the variables are $time.now, $time.today and $time.yesterday, each with an optional (N)")
        }
    }

    private func check(_ value: QueryValue, _ modifiers: QueryModifiers, fits kind: ContactAttribute.Kind, of field: QueryField, at token: QueryToken)
        throws(QuerySyntaxError)
    {
        let name: String
        switch field {
        case .anyText: name = "**"
        case .attribute(let attribute): name = attribute.rawValue
        }
        let fits: Bool
        switch (kind, value) {
        case (.text, .string), (.number, .number), (.date, .number), (.date, .time), (.boolean, .boolean): fits = true
        default: fits = false
        }
        guard fits else {
            let wanted =
                switch kind {
                case .text: "a quoted string"
                case .number: "a number"
                case .date: "a date: unix seconds or $time.now, $time.today(N)"
                case .boolean: "true or false"
                }
            throw QuerySyntaxError(column: token.column, message: "\(name) takes \(wanted)")
        }
    }
}
