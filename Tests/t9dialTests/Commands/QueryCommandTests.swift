// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `t9dial query`, run as a child process over the sample book (Config/samples/contacts.vcf),
/// with the dial history of each test in a folder of its own.
@Suite("t9dial query")
struct QueryCommandTests {
    static let book = ["--contacts", T9DialProcess.sampleContacts]

    /// The names `t9dial query QUERY --json` prints, in order, after checking the fields.
    func names(_ query: String, _ extra: [String] = [], config: String? = nil, state: String? = nil) throws -> [String] {
        let output = try T9DialProcess.run(["query", query, "--json"] + Self.book + extra, config: config, stateDirectory: state)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let array = try #require(try output.json() as? [[String: Any]], "not a JSON array of objects: \(output.stdout)")
        for object in array { #expect(Set(object.keys) == ["uid", "name", "numbers"]) }
        return array.compactMap { $0["name"] as? String }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var query: String
        var names: [String]
        var testDescription: String { query }
    }

    @Test(arguments: [
        Case(query: #"displayName == "fred*"c"#, names: ["Fred Smith"]),
        Case(query: #"phoneNumbers == "*555*""#, names: ["William John Smith"]),
        Case(query: #"**=="*smith*"c"#, names: ["Fred Smith", "William John Smith"]),
        Case(query: #"familyName == "Smith" && givenName != "Fred""#, names: ["William John Smith"]),
        Case(query: #"displayName == "jose nunez"cd"#, names: ["José Núñez"]),
        Case(query: #"displayName == "josé*""#, names: []),
        Case(query: #"nickname == "gloria"c"#, names: ["Telemaco Palombi"]),
        Case(query: #"organization == "dental"cw"#, names: ["Riverside Dental Clinic"]),
        Case(query: #"displayName == "baker ann"t"#, names: []),
        Case(query: #"displayName == "Baker Ann"t"#, names: ["Ann Baker"]),
        Case(query: #"(**=="*baker*"c || **=="*studio*"c) && !(displayName == "Ann*")"#, names: ["Berkeley Hair-Studio", "Bob Baker"]),
        Case(query: #"phoneNumbers == "020 7946 0018""#, names: ["Ann Baker", "Bob Baker"]),
        Case(query: #"displayName == "zzz*"c"#, names: []),
    ])
    func matchesAreListedInBookOrder(_ example: Case) throws {
        #expect(try names(example.query) == example.names)
    }

    @Test func eachMatchIsOneLineWithItsNumbers() throws {
        let output = try T9DialProcess.run(["query", #"**=="*smith*"c"#] + Self.book)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines == ["Fred Smith  +44 7700 900123, +44 121 496 0000", "William John Smith  +1 201-555-0123"])
    }

    @Test func jsonGivesUidNameAndEveryNumber() throws {
        let output = try T9DialProcess.run(["query", #"displayName == "Fred Smith""#, "--json"] + Self.book)
        #expect(output.lines.count == 1)
        let fred = try #require((try output.json() as? [[String: Any]])?.first)
        #expect(fred["uid"] as? String == "sample-fred-smith")
        #expect(fred["name"] as? String == "Fred Smith")
        #expect(fred["numbers"] as? [String] == ["+44 7700 900123", "+44 121 496 0000"])
    }

    @Test func noMatchPrintsNothingOrAnEmptyArray() throws {
        let plain = try T9DialProcess.run(["query", #"displayName == "nobody""#] + Self.book)
        #expect(plain.status == 0)
        #expect(plain.stdout == "")
        let json = try T9DialProcess.run(["query", #"displayName == "nobody""#, "--json"] + Self.book)
        #expect(json.status == 0)
        #expect(json.lines == ["[]"])
    }

    @Test func limitCapsTheList() throws {
        #expect(try names(#"**=="*smith*"c"#, ["--limit", "1"]) == ["Fred Smith"])
        let refused = try T9DialProcess.run(["query", "timesDialed >= 0", "--limit", "0"] + Self.book)
        #expect(refused.status != 0)
        #expect(refused.stdout == "")
        #expect(refused.stderr.contains("--limit must be from 1 to 1000"))
        // Huge limits are refused before anything is allocated for them.
        for huge in ["10000000000", "9223372036854775807"] {
            let search = try T9DialProcess.run(["search", "2", "--limit", huge] + Self.book)
            #expect(search.status == 64)
            #expect(search.stderr.contains("--limit must be from 1 to 1000; found \(huge)"))
        }
    }

    @Test func theOptionsOfKeySearchesAreNotTaken() throws {
        let output = try T9DialProcess.run(["query", "timesDialed >= 0", "--region", "GB"] + Self.book)
        #expect(output.status != 0)
        #expect(output.stderr.contains("--region"))
    }

    struct BadQuery: Sendable, CustomTestStringConvertible {
        var query: String
        var column: Int
        var message: String
        var testDescription: String { query }
    }

    @Test(arguments: [
        BadQuery(query: #"displayName = "fred""#, column: 13, message: "use '=='"),
        BadQuery(query: #"displayName == "fred"cd &&"#, column: 27, message: "expected an attribute"),
        BadQuery(query: #"phoneNumber == "*555*""#, column: 1, message: "unknown attribute 'phoneNumber'"),
        BadQuery(query: #"timesDialed > "many""#, column: 15, message: "timesDialed takes a number"),
        BadQuery(query: #"(starred == true"#, column: 17, message: "expected ')'"),
    ])
    func aSyntaxErrorPointsAtItsColumn(_ bad: BadQuery) throws {
        let output = try T9DialProcess.run(["query", bad.query] + Self.book)
        #expect(output.status != 0)
        #expect(output.stdout == "")
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = try #require(lines.firstIndex { $0.contains("column \(bad.column): ") }, "stderr: \(output.stderr)")
        #expect(lines[at].contains(bad.message), "stderr: \(output.stderr)")
        // The query, then a caret under the column.
        #expect(lines.dropFirst(at + 1).first == bad.query)
        #expect(lines.dropFirst(at + 2).first == String(repeating: " ", count: bad.column - 1) + "^")
    }

    @Test func aSyntaxErrorIsToldBeforeTheBookIsRead() throws {
        let output = try T9DialProcess.run(["query", #"displayName == fred"#, "--contacts", "/nonexistent/book.vcf"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("column 16: "), "stderr: \(output.stderr)")
        #expect(!output.stderr.contains("/nonexistent/book.vcf"))
    }

    /// Bob Baker dialled twice by `t9dial try` ("262" spells Bob, # dials him), into the history
    /// in `state`; the query reads the same history.
    @Test func theDialHistoryGivesTimesAndLastDialed() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            for _ in 0..<2 {
                let dialled = try T9DialProcess.run(["try"] + Self.book, stdin: "262#", stateDirectory: state)
                #expect(dialled.lines.contains { $0.hasPrefix("dial: Bob Baker") }, "stdout: \(dialled.stdout)")
            }
            #expect(try names("timesDialed > 0", state: state) == ["Bob Baker"])
            #expect(try names("timesDialed == 2", state: state) == ["Bob Baker"])
            #expect(try names("lastDialed >= $time.today(-1) && lastDialed <= $time.now", state: state) == ["Bob Baker"])
            #expect(try names("InRange(lastDialed, $time.now(-3600), $time.now(60))", state: state) == ["Bob Baker"])
            #expect(try names("lastDialed < $time.yesterday", state: state) == [])
            // Never dialled: no lastDialed, so only a negation matches them.
            #expect(try names(#"!(lastDialed > 0) && displayName == "*Baker""#, state: state) == ["Ann Baker"])
        }
    }

    @Test func favouritesOfTheConfigAreStarred() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write("[history]\nfavourites = [\"Fred Smith\", \"sample-tan\"]\n", to: directory + "/t9dial.toml")
            #expect(try names("starred == true", config: config) == ["Fred Smith", "Tan Wei Ling"])
            #expect(try names("starred != false && timesDialed == 0", config: config) == ["Fred Smith", "Tan Wei Ling"])
        }
    }

    @Test func withoutAHistoryNobodyWasDialledAndAWarningSaysWhy() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            // The history folder would be inside a file, so the history cannot be opened.
            let file = try T9DialProcess.write("not a folder", to: directory + "/file")
            let output = try T9DialProcess.run(["query", "timesDialed == 0", "--json"] + Self.book, stateDirectory: file + "/state")
            #expect(output.status == 0)
            #expect(output.stderr.hasPrefix("warning: "), "stderr: \(output.stderr)")
            #expect(output.stderr.contains("never dialled"))
            let all = try #require(try output.json() as? [[String: Any]])
            #expect(all.contains { $0["name"] as? String == "Bob Baker" })
            #expect(all.count == (try names("**==\"*\"")).count)
        }
    }
}
