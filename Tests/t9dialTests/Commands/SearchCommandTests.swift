// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalText
import Testing

/// `t9dial search`, run as a child process over the sample book (Config/samples/contacts.vcf).
@Suite("t9dial search")
struct SearchCommandTests {
    static let book = ["--contacts", T9DialProcess.sampleContacts]

    /// Runs `t9dial search arguments... --json` over the sample book and parses the one array.
    func searchJSON(_ arguments: [String]) throws -> [[String: Any]] {
        let output = try T9DialProcess.run(["search"] + arguments + Self.book + ["--json"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.lines.count == 1, "one JSON array on one line: \(output.stdout)")
        return try #require(try output.json() as? [[String: Any]], "not a JSON array: \(output.stdout)")
    }

    @Test func digitsPrintNumberedLinesBestFirst() throws {
        let output = try T9DialProcess.run(["search", "37337"] + Self.book)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines.first == "1. [Fred S]mith  +44 7700 900123  mobile")
    }

    /// Issue 42's proof: 3733 finds Fred Smith by name, and each of his numbers is a row with
    /// its label, the mobile first (TYPE=CELL before TYPE=HOME).
    @Test func everyNumberOfAContactFoundByNameIsARowWithItsLabel() throws {
        let output = try T9DialProcess.run(["search", "3733"] + Self.book)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.lines == ["1. [Fred] Smith  +44 7700 900123  mobile", "2. [Fred] Smith  +44 121 496 0000  home"])
        let rows = try searchJSON(["3733"])
        #expect(rows.map { $0["number"] as? String } == ["+44 7700 900123", "+44 121 496 0000"])
        #expect(rows.map { $0["label"] as? String } == ["mobile", "home"])
        // A number match is one row, the number that matched; one without a type has no label.
        #expect(try searchJSON(["441214"]).map { "\($0["number"] ?? "") \($0["label"] ?? "")" } == ["+44 121 496 0000 home"])
        let unlabelled = try #require(try searchJSON(["1800"]).first)
        #expect(unlabelled["label"] is NSNull)
    }

    @Test func noMatchSaysSo() throws {
        let output = try T9DialProcess.run(["search", "99999999"] + Self.book)
        #expect(output.status == 0)
        #expect(output.lines == ["no contacts match 99999999"])
    }

    @Test func jsonIsOneArrayWithTheDocumentedFields() throws {
        let name = try #require(try searchJSON(["37337"]).first)
        #expect(Set(name.keys) == ["name", "number", "label", "field", "ranges", "uid", "text", "quality"])
        #expect(name["label"] as? String == "mobile")
        #expect(name["name"] as? String == "Fred Smith")
        #expect(name["number"] as? String == "+44 7700 900123")
        #expect(name["field"] as? String == "name")
        #expect(name["ranges"] as? [[Int]] == [[0, 6]])
        #expect(name["uid"] as? String == "sample-fred-smith")
        #expect(name["text"] as? String == "Fred Smith")

        let number = try #require(try searchJSON(["9177"]).first)
        #expect(number["name"] as? String == "Tan Wei Ling")
        #expect(number["number"] as? String == "+6591776930")
        #expect(number["field"] as? String == "number")
        #expect(number["ranges"] as? [[Int]] == [[3, 7]])
        #expect(number["uid"] as? String == "sample-tan")
        #expect(number["text"] as? String == "+6591776930")
    }

    @Test func noMatchInJSONIsAnEmptyArray() throws {
        #expect(try searchJSON(["99999999"]).isEmpty)
    }

    // MARK: The rules of the README, end to end

    /// One result a query must give.
    struct Expected: Sendable {
        var name: String
        var field: String
        var number: String? = nil
        var text: String? = nil
        var ranges: [[Int]]? = nil
        var quality: String? = nil
        /// Its place in the results (0 is first), when the rule says.
        var position: Int? = nil
    }

    struct Rule: Sendable, CustomTestStringConvertible {
        var query: String
        var options: [String] = []
        var expected: [Expected]
        /// How many results there are, when the rule says.
        var count: Int? = nil
        var testDescription: String { ([query] + options).joined(separator: " ") }
    }

    static let rules: [Rule] = [
        Rule(
            query: "37337",
            expected: [
                Expected(name: "Fred Smith", field: "name", number: "+44 7700 900123", ranges: [[0, 6]], quality: "name prefix", position: 0)
            ]),
        Rule(
            query: "957",
            expected: [
                Expected(name: "William John Smith", field: "name", ranges: [[0, 1], [8, 9], [13, 14]], quality: "initials", position: 0)
            ]),
        Rule(
            query: "5764",
            expected: [
                Expected(name: "William John Smith", field: "name", ranges: [[8, 9], [13, 16]], quality: "initials", position: 0)
            ]),
        Rule(
            query: "788346",
            expected: [
                Expected(name: "Berkeley Hair-Studio", field: "name", text: "Berkeley Hair-Studio", ranges: [[14, 20]], position: 0)
            ]),
        Rule(
            query: "0121", options: ["--region", "GB"],
            expected: [
                Expected(name: "Fred Smith", field: "number", number: "+44 121 496 0000", quality: "number prefix"),
                Expected(name: "Berkeley Hair-Studio", field: "number", number: "0121 507 9010", ranges: [[0, 4]], quality: "number prefix"),
            ]),
        Rule(
            query: "9177",
            expected: [
                Expected(name: "Tan Wei Ling", field: "number", number: "+6591776930", ranges: [[3, 7]], position: 0)
            ]),
        Rule(
            query: "02079460018",
            expected: [
                Expected(name: "Ann Baker", field: "number", number: "020 7946 0018", position: 0),
                Expected(name: "Bob Baker", field: "number", number: "020 7946 0018", position: 1),
            ], count: 2),
        Rule(
            query: "9468",
            expected: [
                Expected(name: "周秀英", field: "name", number: "+86 138 0013 8000", text: "Xiuying Zhou", ranges: [[8, 12]], position: 0)
            ]),
        Rule(
            query: "45674",
            expected: [
                Expected(name: "Telemaco Palombi", field: "name", text: "Gloria", ranges: [[0, 5]], position: 0)
            ]),
        Rule(
            query: "733", options: ["--match", "anywhere"],
            expected: [
                Expected(name: "Fred Smith", field: "name", text: "Fred Smith", ranges: [[1, 4]], quality: "anywhere")
            ]),
    ]

    /// The order the qualities rank in, best first.
    static let qualityOrder = ["name prefix", "initials", "later word", "number prefix", "number middle", "anywhere"]

    @Test(arguments: rules)
    func rule(_ rule: Rule) throws {
        let results = try searchJSON([rule.query] + rule.options)
        if let count = rule.count { #expect(results.count == count) }
        for expected in rule.expected {
            let found = results.firstIndex { $0["name"] as? String == expected.name }
            let position = try #require(found, "\(expected.name) is not found: \(results.map { $0["name"] ?? "" })")
            let result = results[position]
            #expect(result["field"] as? String == expected.field)
            if let number = expected.number { #expect(result["number"] as? String == number) }
            if let text = expected.text { #expect(result["text"] as? String == text) }
            if let ranges = expected.ranges { #expect(result["ranges"] as? [[Int]] == ranges) }
            if let quality = expected.quality { #expect(result["quality"] as? String == quality) }
            if let wanted = expected.position { #expect(position == wanted) }
        }
        // Better matches always come first, and a contact appears once for each number it shows.
        let ranks = try results.map { result in
            try #require(Self.qualityOrder.firstIndex(of: result["quality"] as? String ?? ""), "quality of \(result)")
        }
        #expect(ranks == ranks.sorted())
        let rows = results.compactMap { result in (result["uid"] as? String).map { $0 + " " + (result["number"] as? String ?? "") } }
        #expect(rows.count == results.count)
        #expect(Set(rows).count == rows.count)
    }

    @Test func matchAnywhereRanksInsideWordMatchesAfterSmartOnes() throws {
        let smart = try searchJSON(["733"])
        #expect(!smart.contains { $0["name"] as? String == "Fred Smith" })
        #expect(!smart.isEmpty, "the sample book has a smart match for 733, so the ranking is tested")

        let anywhere = try searchJSON(["733", "--match", "anywhere"])
        let fred = try #require(anywhere.firstIndex { $0["name"] as? String == "Fred Smith" })
        #expect(anywhere.prefix(smart.count).map { $0["uid"] as? String } == smart.map { $0["uid"] as? String })
        #expect(fred >= smart.count)
    }

    @Test func limitCapsTheResults() throws {
        #expect(try searchJSON(["02079460018", "--limit", "1"]).map { $0["name"] as? String } == ["Ann Baker"])
    }

    @Test func regionMakesTheNationalFormMatch() throws {
        #expect(!(try searchJSON(["0121"]).contains { $0["name"] as? String == "Fred Smith" }))
    }

    // MARK: --stdin

    @Test func stdinAnswersEachLineWithOneJSONArray() throws {
        let queries = ["37337", "abc", "", "9177", "0207 946-0018", "xyz"]
        let output = try T9DialProcess.run(
            ["search", "--stdin", "--json"] + Self.book, stdin: queries.joined(separator: "\n") + "\n")
        #expect(output.status == 0)
        try #require(output.lines.count == queries.count, "one line per query: \(output.stdout)")
        let answers = try output.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]], "not a JSON array: \(line)")
        }
        #expect(answers[0].first?["name"] as? String == "Fred Smith")
        #expect(answers[1].isEmpty)
        #expect(answers[2].isEmpty)
        #expect(answers[3].first?["name"] as? String == "Tan Wei Ling")
        #expect(answers[4].map { $0["name"] as? String } == ["Ann Baker", "Bob Baker"])
        #expect(answers[5].isEmpty)

        let warnings = output.stderr.split(separator: "\n").map(String.init)
        #expect(warnings.count == 2, "one warning per bad line: \(output.stderr)")
        #expect(warnings.first?.contains(#""abc""#) == true)
        #expect(warnings.last?.contains(#""xyz""#) == true)
    }

    @Test func stdinWithoutJSONAnswersEachLineOnOneLine() throws {
        let queries = ["37337", "abc", "", "02079460018"]
        let output = try T9DialProcess.run(["search", "--stdin"] + Self.book, stdin: queries.joined(separator: "\n"))
        #expect(output.status == 0)
        #expect(
            output.lines == [
                "[Fred S]mith  +44 7700 900123  mobile | [Fred S]mith  +44 121 496 0000  home",
                "",
                "",
                "Ann Baker  [020 7946 0018]  home | Bob Baker  [020 7946 0018]  home",
            ])
        #expect(output.stderr.contains(#""abc""#))
    }

    /// A name with a newline, an escape sequence, BEL and NUL in it, and a query with an escape
    /// sequence: every answer is still one line, and no control character is written.
    @Test(arguments: [false, true])
    func controlCharactersNeverReachTheOutput(json: Bool) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let book = try T9DialProcess.write(
                "BEGIN:VCARD\nVERSION:3.0\nFN:Evil\\nName\u{1B}]0;owned\u{07} X\u{0}Y\nTEL:5551234\nEND:VCARD\n",
                to: directory + "/evil.vcf")
            let output = try T9DialProcess.run(
                ["search", "--stdin", "--contacts", book] + (json ? ["--json"] : []),
                stdin: "38\n3\u{1B}[2J\n555\n")
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines.count == 3, "one line a query: \(output.stdout)")
            for stream in [output.stdout, output.stderr] {
                let controls = stream.unicodeScalars.filter { $0 != "\n" && VisibleText.isControl($0) }
                #expect(controls.isEmpty, "\(stream.debugDescription)")
            }
            #expect(output.stderr.contains("3^[[2J"))
            // The import may turn some controls into spaces; whatever is left is shown, not sent.
            if !json { #expect(output.lines.first?.hasPrefix("[Ev]il") == true) }
        }
    }

    @Test func stdinAcceptsWindowsLineEnds() throws {
        let output = try T9DialProcess.run(["search", "--stdin", "--json"] + Self.book, stdin: "37337\r\n9177\r\n")
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines.count == 2)
        #expect(output.lines.allSatisfy { $0.hasPrefix("[{") })
    }

    // MARK: --text

    @Test(arguments: ["ann", "ANN", "Ánn", "änn"])
    func textIgnoresCaseAndAccents(query: String) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let extra = try T9DialProcess.write(
                "BEGIN:VCARD\nVERSION:3.0\nUID:anna\nFN:Ánna Lindqvist\nTEL:+46 70 123 45 67\nEND:VCARD\n",
                to: directory + "/anna.vcf")
            let output = try T9DialProcess.run(
                ["search", "--text", query, "--contacts", T9DialProcess.sampleContacts, "--contacts", extra, "--json"])
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let results = try #require(try output.json() as? [[String: Any]])
            let names = results.compactMap { $0["name"] as? String }
            #expect(names.contains("Ann Baker"))
            #expect(names.contains("Ánna Lindqvist"))
            #expect(!names.contains("Bob Baker"))
        }
    }

    // MARK: Bad input

    @Test func lettersAsDigitsAreRefusedWithAHint() throws {
        let output = try T9DialProcess.run(["search", "abc"] + Self.book)
        #expect(output.status != 0)
        #expect(output.stdout == "")
        #expect(output.stderr.contains("use --text"))
    }

    @Test(arguments: ["", " - "])
    func aQueryWithoutDigitsIsRefused(query: String) throws {
        let output = try T9DialProcess.run(["search", query] + Self.book)
        #expect(output.status != 0)
        #expect(output.stderr.contains("give at least one digit"))
    }

    @Test(arguments: [[String](), ["37337", "--stdin"], ["--text", "ann", "37337"]])
    func exactlyOneQueryIsRequired(arguments: [String]) throws {
        let output = try T9DialProcess.run(["search"] + arguments + Self.book)
        #expect(output.status != 0)
        #expect(output.stdout == "")
        #expect(output.stderr.contains("give the DIGITS to search for"))
    }
}
