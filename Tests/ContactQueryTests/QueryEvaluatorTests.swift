// SPDX-License-Identifier: Apache-2.0

import ContactQuery
import Testing

struct QueryEvaluatorTests {
    static let cases: [(String, [String])] = [
        // == matches the whole value; * anywhere.
        (#"displayName == "Ann Smith""#, ["ann"]),
        (#"displayName == "ann smith""#, []),
        (#"displayName == "Ann""#, []),
        (#"displayName == "Ann*""#, ["ann"]),
        (#"displayName == "*jones"c"#, ["mary", "bob"]),
        (#"displayName == "M*Jones""#, ["mary"]),
        (#"displayName == "*""#, ["ann", "mary", "zoe", "bob"]),
        (#"phoneNumbers == "*555*""#, ["ann", "mary"]),
        // c
        (#"displayName == "ann smith"c"#, ["ann"]),
        (#"displayName == "ann*"c"#, ["ann"]),
        // d, with and without c
        (#"displayName == "zoe*"c"#, []),
        (#"displayName == "zoe*"cd"#, ["zoe"]),
        (#"displayName == "Zoe*"d"#, ["zoe"]),
        (#"displayName == "zoe*"d"#, []),
        (#"familyName == "ANGSTROM"cd"#, ["zoe"]),
        (#"familyName == "Ångström""#, ["zoe"]),
        // w: from a word start to a word end
        (#"displayName == "ann*"w"#, []),
        (#"displayName == "Ann*"w"#, ["ann", "mary"]),
        (#"displayName == "ann*"cw"#, ["ann", "mary"]),
        (#"displayName == "ann"cw"#, ["ann", "mary"]),
        (#"displayName == "nn"cw"#, []),
        (#"displayName == "mary ann"cw"#, ["mary"]),
        (#"displayName == "jones"cw"#, ["mary", "bob"]),
        (#"organization == "generale"cdw"#, ["zoe"]),
        (#"organization == "soc*"cdw"#, ["zoe"]),
        (#"phoneNumbers == "0199"w"#, ["mary"]),
        // t: every word of the value matches a word, any order
        (#"displayName == "jones mary"cdt"#, ["mary"]),
        (#"displayName == "jones mary"cdw"#, []),
        (#"displayName == "jo* b*"ct"#, ["bob"]),
        (#"displayName == "angstrom zoe"cdt"#, ["zoe"]),
        (#"displayName == "ann jones"ct"#, ["mary"]),
        // != : has the attribute and no value matches
        (#"phoneNumbers != "*555*""#, ["bob"]),
        (#"!(phoneNumbers == "*555*")"#, ["zoe", "bob"]),
        (#"organization != "acme"c"#, ["zoe"]),
        // multi-valued and **
        (#"nickname == "mimi"c"#, ["mary"]),
        (#"phoneNumbers == "555-0199""#, ["mary"]),
        (#"** == "acme"c"#, ["mary"]),
        (#"** == "*example*""#, ["ann"]),
        (#"** == "jones"cw"#, ["mary", "bob"]),
        // ordering on text, after modifiers
        (#"displayName < "b""#, ["ann", "mary", "zoe"]),  // capitals sort before lowercase
        (#"displayName < "b"c"#, ["ann"]),
        (#"displayName >= "bob""#, ["bob"]),
        (#"displayName >= "bob"c"#, ["mary", "zoe", "bob"]),
        (#"givenName <= "Mary""#, ["ann", "mary"]),
        // numbers and booleans
        ("timesDialed > 4", ["ann", "bob"]),
        ("timesDialed == 0", ["zoe"]),
        ("timesDialed <= 1", ["mary", "zoe"]),
        ("timesDialed != 5", ["mary", "zoe", "bob"]),
        ("timesDialed < 1", ["zoe"]),
        ("starred == true", ["ann", "bob"]),
        ("starred != true", ["mary", "zoe"]),
        ("starred == false", ["mary", "zoe"]),
        // InRange and times
        ("InRange(timesDialed, 1, 5)", ["ann", "mary"]),
        ("InRange(lastDialed, $time.today(-5), $time.now)", ["ann", "bob"]),
        ("lastDialed >= $time.today", ["ann"]),
        ("lastDialed < $time.today(-5)", ["mary"]),
        ("lastDialed > $time.now(-7200)", ["ann"]),
        ("lastDialed > $time.yesterday", ["ann"]),
        ("lastDialed < $time.now", ["ann", "mary", "bob"]),
        ("lastDialed > 1699000000", ["ann", "mary", "bob"]),
        // precedence and parentheses
        (#"starred == true || timesDialed == 1 && displayName == "x""#, ["ann", "bob"]),
        (#"(starred == true || timesDialed == 1) && displayName == "*jones"c"#, ["mary", "bob"]),
        ("!starred == true && timesDialed < 5", ["mary", "zoe"]),
        ("!(starred == true && timesDialed < 10)", ["mary", "zoe", "bob"]),
        (#"displayName == "ann*"cd && phoneNumbers == "*555*""#, ["ann"]),
    ]

    @Test(arguments: cases)
    func evaluates(query: String, expected: [String]) throws {
        #expect(try Fixtures.uids(query) == expected)
    }

    @Test func todayIsLocalMidnight() {
        #expect(Fixtures.clock.resolve(.today(days: 0)) == 1_699_916_400)
        #expect(Fixtures.clock.resolve(.today(days: -5)) == 1_699_916_400 - 5 * 86_400)
        #expect(QueryClock(now: 1_700_000_000, utcOffset: -8 * 3600).resolve(.today(days: 0)) == 1_699_948_800)
        #expect(Fixtures.clock.resolve(.now(seconds: -60)) == 1_699_999_940)
    }

    @Test func jsonArray() {
        let records = [QueryRecord(uid: "1", displayName: "Ann \"A\" Smith", phoneNumbers: ["+1 555", "0\\1"])]
        #expect(records.jsonArray() == #"[{"uid":"1","name":"Ann \"A\" Smith","numbers":["+1 555","0\\1"]}]"#)
        #expect([QueryRecord]().jsonArray() == "[]")
    }
}
