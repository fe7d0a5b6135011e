// SPDX-License-Identifier: Apache-2.0

import ContactQuery
import Testing

@Suite("Fuzzing the query language")
struct QueryFuzzTests {
    static let runner = FuzzRunner(
        target: "query",
        dictionary: [
            "(", ")", "((", "!", "!!", "&&", "||", "==", "!=", "<", ">=", "\"", "\"ann*\"c", "\"*\"cdw", "displayName", "phoneNumbers",
            "givenName", "**", "InRange(", ",", "$time.now", "$time.today(-1)", "$time.iso(\"2024-01-01\")", "kMDItemDisplayName",
            " ", "\\\"", "\u{0}", "\u{1B}", "9223372036854775807", "1e400",
        ],
        mutations: 2000,
        maxLength: 8 * 1024
    )

    @Test func query() {
        Self.runner.run { check, input in
            let text = input.text
            do throws(QuerySyntaxError) {
                let expression = try QueryExpression.parse(text)
                check.expect(text.count <= 4096, "a query of \(text.count) characters parsed")
                check.expect(Self.depth(expression) <= 200, "nesting \(Self.depth(expression)) deep")
            } catch {
                // The column is a character of the query, or one past its end.
                check.expect((1...(min(text.count, 4096) + 1)).contains(error.column), "column \(error.column) of \(text.count): \(error)")
                check.expect(!error.message.isEmpty, "an empty message")
                if text.count <= 4096 { _ = error.pointer(in: text) }
            }
        }
    }

    static func depth(_ expression: QueryExpression) -> Int {
        switch expression {
        case .comparison, .inRange: 1
        case .not(let inner): 1 + depth(inner)
        case .and(let left, let right), .or(let left, let right): 1 + max(depth(left), depth(right))
        }
    }
}
