// SPDX-License-Identifier: Apache-2.0

import ContactQuery
import T9Search

/// Records, a clock and an alphabet shared by the tests.
enum Fixtures {
    /// A Latin keypad layout, enough for `d` to fold é, ë, å, ö.
    static let alphabet = T9Alphabet(layouts: [
        KeypadLayout(
            id: "latin", name: "Latin",
            keys: [
                2: Array("abc".unicodeScalars), 3: Array("def".unicodeScalars), 4: Array("ghi".unicodeScalars),
                5: Array("jkl".unicodeScalars), 6: Array("mno".unicodeScalars), 7: Array("pqrs".unicodeScalars),
                8: Array("tuv".unicodeScalars), 9: Array("wxyz".unicodeScalars),
            ])
    ])

    /// 2023-11-14 22:13:20 UTC, in UTC+1: local midnight today is 1_699_916_400.
    static let clock = QueryClock(now: 1_700_000_000, utcOffset: 3600)
    static let day = 86_400.0

    static let records: [QueryRecord] = [
        QueryRecord(
            uid: "ann", displayName: "Ann Smith", givenName: "Ann", familyName: "Smith",
            phoneNumbers: ["+1 555 0100"], emailAddresses: ["ann@example.com"],
            lastDialed: clock.now - 3600, timesDialed: 5, starred: true),
        QueryRecord(
            uid: "mary", displayName: "Mary Ann Jones", givenName: "Mary", familyName: "Jones",
            nicknames: ["Mimi"], organization: "Acme", phoneNumbers: ["020 7946 0000", "555-0199"],
            lastDialed: clock.now - 10 * day, timesDialed: 1),
        QueryRecord(
            uid: "zoe", displayName: "Zoë Ångström", givenName: "Zoë", familyName: "Ångström",
            organization: "Société Générale"),
        QueryRecord(
            uid: "bob", displayName: "bob jones", phoneNumbers: ["0121 496 0000"],
            lastDialed: clock.now - 2 * day, timesDialed: 12, starred: true),
    ]

    /// The uids of the records `query` matches, in record order.
    static func uids(_ query: String) throws -> [String] {
        var evaluator = QueryEvaluator(try QueryExpression.parse(query), alphabet: alphabet, clock: clock)
        return records.filter { evaluator.matches($0) }.map(\.uid)
    }
}
