// SPDX-License-Identifier: Apache-2.0

import ContactQuery
import Testing

private func cmp(_ attribute: ContactAttribute, _ op: QueryOperator, _ value: QueryValue, _ modifiers: QueryModifiers = []) -> QueryExpression {
    .comparison(QueryComparison(.attribute(attribute), op, value, modifiers))
}

private let a = cmp(.starred, .equal, .boolean(true))
private let b = cmp(.timesDialed, .greater, .number(1))
private let c = cmp(.displayName, .equal, .string("x"))

struct QueryParserTests {
    static let valid: [(String, QueryExpression)] = [
        (#"displayName == "ann*"cd"#, cmp(.displayName, .equal, .string("ann*"), [.caseInsensitive, .diacriticInsensitive])),
        (#"** == "x"cdwt"#, .comparison(QueryComparison(.anyText, .equal, .string("x"), [.caseInsensitive, .diacriticInsensitive, .wordBased, .tokenized]))),
        (#"phoneNumbers != "*555*""#, cmp(.phoneNumbers, .notEqual, .string("*555*"))),
        (#"displayName == "say \"hi\" \\ ok""#, cmp(.displayName, .equal, .string(#"say "hi" \ ok"#))),
        ("timesDialed >= -2.5", cmp(.timesDialed, .greaterOrEqual, .number(-2.5))),
        ("starred == false", cmp(.starred, .equal, .boolean(false))),
        ("lastDialed > $time.today(-5)", cmp(.lastDialed, .greater, .time(.today(days: -5)))),
        ("lastDialed > $time.today", cmp(.lastDialed, .greater, .time(.today(days: 0)))),
        ("lastDialed <= $time.now", cmp(.lastDialed, .lessOrEqual, .time(.now(seconds: 0)))),
        ("lastDialed < $time.now( -60 )", cmp(.lastDialed, .less, .time(.now(seconds: -60)))),
        ("lastDialed < $time.yesterday", cmp(.lastDialed, .less, .time(.today(days: -1)))),
        ("lastDialed < 1700000000", cmp(.lastDialed, .less, .number(1_700_000_000))),
        ("InRange(timesDialed, 1, 5)", .inRange(.timesDialed, .number(1), .number(5))),
        ("InRange(lastDialed,$time.today(-5),$time.now)", .inRange(.lastDialed, .time(.today(days: -5)), .time(.now(seconds: 0)))),
        (#"starred == true && timesDialed > 1 || displayName == "x""#, .or(.and(a, b), c)),
        (#"starred == true || timesDialed > 1 && displayName == "x""#, .or(a, .and(b, c))),
        (#"starred == true && (timesDialed > 1 || displayName == "x")"#, .and(a, .or(b, c))),
        ("!starred == true && timesDialed > 1", .and(.not(a), b)),
        ("!(starred == true || timesDialed > 1)", .not(.or(a, b))),
        ("!!starred == true", .not(.not(a))),
    ]

    @Test(arguments: valid)
    func parses(query: String, expected: QueryExpression) throws {
        #expect(try QueryExpression.parse(query) == expected)
    }

    static let invalid: [(String, Int, String)] = [
        (#"displayName == "ann"#, 16, "unterminated string"),
        ("displayName == ", 16, "expected a value"),
        (#"name == "x""#, 1, "unknown attribute 'name'; the attributes are displayName, givenName"),
        (#"displayName == "x" && nme == "y""#, 23, "unknown attribute 'nme'"),
        (#"displayName == "x"q"#, 19, "unknown modifier 'q'"),
        (#"(displayName == "x""#, 20, "expected ')' to close the '(' at column 1"),
        (#"displayName == "x")"#, 19, "')' without a matching '('"),
        (#"displayName = "x""#, 13, "'=' is not an operator"),
        (#"displayName "x""#, 13, "expected an operator"),
        (#"timesDialed == "5""#, 16, "timesDialed takes a number"),
        ("displayName == 5", 16, "displayName takes a quoted string"),
        ("** == true", 7, "** takes a quoted string"),
        ("starred < true", 9, "does not apply to a true/false attribute"),
        ("lastDialed > $time.tomorrow", 14, "unknown variable '$time.tomorrow'"),
        ("lastDialed > $time.today(1.5)", 26, "expected a whole number"),
        ("InRange(displayName, 1, 2)", 9, "InRange applies to numbers and dates"),
        ("InRange(timesDialed, 1)", 23, "expected ','"),
        ("", 1, "empty query"),
        ("   ", 4, "empty query"),
        (#"displayName == "x" starred == true"#, 20, "expected '&&', '||'"),
        (#"displayName == "x" &&"#, 22, "expected an attribute"),
        (#"displayName == "a\n""#, 18, "unknown escape"),
        (#"displayName == "x" # 1"#, 20, "unexpected character '#'"),
        // Columns count characters: the thumbs-up with its skin tone is one.
        (#"** == "👍🏽" && x == 1"#, 14, "unknown attribute 'x'"),
        // Limits: nesting past 64 is an error at the 65th, not a stack overflow.
        (String(repeating: "(", count: 65) + #"displayName == "x""# + String(repeating: ")", count: 65), 65, "'!' and '(' nest more than 64 deep"),
        (String(repeating: "!", count: 100) + "starred == true", 65, "'!' and '(' nest more than 64 deep"),
        (String(repeating: "(", count: 50_000), 4097, "the query is longer than 4096 characters"),
        (String(repeating: "!", count: 100_000), 4097, "the query is longer than 4096 characters"),
    ]

    @Test("Nesting up to the limit parses")
    func nestingAtTheLimit() throws {
        let query = String(repeating: "(", count: 64) + #"displayName == "x""# + String(repeating: ")", count: 64)
        _ = try QueryExpression.parse(query)
    }

    @Test(arguments: invalid)
    func rejects(query: String, column: Int, message: String) {
        #expect {
            _ = try QueryExpression.parse(query)
        } throws: { error in
            guard let error = error as? QuerySyntaxError else { return false }
            return error.column == column && error.message.hasPrefix(message) || error.message.contains(message) && error.column == column
        }
    }

    @Test func unknownAttributeListsTheKnownOnes() throws {
        do {
            _ = try QueryExpression.parse(#"nmae == "x""#)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.message
                    == "unknown attribute 'nmae'; the attributes are displayName, givenName, familyName, nickname, organization, phoneNumbers, emailAddresses, lastDialed, timesDialed, starred, and ** for any text attribute"
            )
        }
    }

    @Test func pointerPutsACaretUnderTheColumn() {
        let query = "displayName == "
        let error = QuerySyntaxError(column: 16, message: "expected a value")
        #expect(error.pointer(in: query) == "displayName == \n               ^")
        #expect(QuerySyntaxError(column: 1, message: "").pointer(in: "x") == "x\n^")
        #expect(QuerySyntaxError(column: 3, message: "").pointer(in: "\tab") == "\tab\n\t ^")
        #expect(error.description == "column 16: expected a value")
    }
}
