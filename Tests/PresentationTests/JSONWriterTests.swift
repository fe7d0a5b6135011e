// SPDX-License-Identifier: Apache-2.0

import Foundation
import Presentation
import T9Search
import TestFixtures
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    func written(_ text: String) -> String {
        var json = JSONWriter()
        json.string(text)
        return json.output
    }

    /// Parses `text` as one JSON value.
    func parsed(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"C:\dir"#, #""C:\\dir""#),
        ("a\nb", #""a\nb""#),
        ("a\r\nb", #""a\r\nb""#),
        ("a\tb", #""a\tb""#),
        ("\u{01}", #""\u0001""#),
        ("\u{00}x\u{1F}", #""\u0000x\u001f""#),
        ("\u{08}\u{0C}", #""\u0008\u000c""#),
        ("/", #""/""#),
        ("José 周秀英 😀", "\"José 周秀英 😀\""),
        ("", #""""#),
    ])
    func escapesWhatJSONRequires(text: String, json: String) {
        #expect(written(text) == json)
    }

    @Test func nonASCIIIsWrittenAsUTF8NotEscaped() {
        let output = written("Ånna 周")
        #expect(Array(output.utf8) == Array("\"Ånna 周\"".utf8))
        #expect(!output.contains("\\u"))
    }

    @Test func everyControlCharacterRoundTripsThroughJSONSerialization() throws {
        let text = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))) + "\"\\/é\u{7F}\u{2028}😀"
        let value = try parsed(written(text))
        #expect(value as? String == text)
    }

    /// The writer checks eight bytes at a time for one that needs escaping: one that does, at
    /// any position of a short or long text, between ASCII or multi-byte letters, is escaped.
    @Test(arguments: ["\"", "\\", "\n", "\u{00}", "\u{1F}", "\u{7F}", "é", "~"])
    func aByteToEscapeIsFoundAtEveryPosition(special: String) throws {
        for (filler, times) in [("abcdefgh", 5), ("Åé周", 5), ("abc", 1), ("周", 2)] {
            let background = String(repeating: filler, count: times)
            for position in 0...background.count {
                var text = background
                text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                let output = written(text)
                #expect(try parsed(output) as? String == text, "\(special.debugDescription) at \(position) in \(filler)")
                #expect(
                    output.utf8.count == text.utf8.count + 2 + (["\"", "\\", "\n"].contains(special) ? 1 : 0)
                        + (["\u{00}", "\u{1F}"].contains(special) ? 5 : 0))
            }
        }
    }

    @Test func objectsAndArraysKeepTheOrderGiven() throws {
        var json = JSONWriter()
        json.object([
            ("b", { $0.raw("1") }),
            ("a", { json in json.array(["x", "y\""]) { $0.string($1) } }),
            ("empty", { json in json.array([Int]()) { $0.raw(String($1)) } }),
        ])
        #expect(json.output == #"{"b":1,"a":["x","y\""],"empty":[]}"#)
        let object = try #require(try parsed(json.output) as? [String: Any])
        #expect(object["b"] as? Int == 1)
        #expect(object["a"] as? [String] == ["x", "y\""])
    }

    // MARK: ResultPresentation.jsonArray

    static let index = Fixtures.index([
        SearchableContact(names: [NameField("Fred Smith \"Jr\" \\", kind: .displayName)], numbers: ["+44 7700 900123"], uid: "fred\n1"),
        SearchableContact(names: [NameField("Tan Wei Ling", kind: .displayName)], numbers: ["+6591776930"], uid: "tan"),
    ])

    @Test func resultsAreOneArrayWithTheDocumentedKeys() throws {
        let results = (Self.index.search(Fixtures.keys("37337")) + Self.index.search(Fixtures.keys("9177")))
            .map { ResultPresentation($0, in: Self.index) }
        try #require(results.count == 2)
        let output = ResultPresentation.jsonArray(results)
        #expect(!output.contains("\n"))

        let array = try #require(try parsed(output) as? [[String: Any]])
        #expect(array.count == 2)
        for element in array {
            #expect(Set(element.keys) == ["name", "number", "label", "field", "ranges", "uid", "text", "quality"])
        }
        #expect(array[0]["name"] as? String == "Fred Smith \"Jr\" \\")
        #expect(array[0]["uid"] as? String == "fred\n1")
        #expect(array[0]["field"] as? String == "name")
        #expect(array[0]["number"] as? String == "+44 7700 900123")
        #expect(array[0]["ranges"] as? [[Int]] == [[0, 6]])
        #expect(array[0]["quality"] as? String == "name prefix")
        #expect(array[1]["name"] as? String == "Tan Wei Ling")
        #expect(array[1]["field"] as? String == "number")
        #expect(array[1]["text"] as? String == "+6591776930")
        #expect(array[1]["ranges"] as? [[Int]] == [[3, 7]])
        #expect(array[1]["quality"] as? String == "number prefix")
    }

    @Test func theKeysComeInTheDocumentedOrder() throws {
        let result = try #require(Self.index.search(Fixtures.keys("9177")).first)
        let output = ResultPresentation.jsonArray([ResultPresentation(result, in: Self.index)])
        #expect(
            output
                == #"[{"name":"Tan Wei Ling","number":"+6591776930","label":null,"field":"number","ranges":[[3,7]],"uid":"tan","text":"+6591776930","quality":"number prefix"}]"#
        )
    }

    @Test func noResultsIsAnEmptyArray() {
        #expect(ResultPresentation.jsonArray([]) == "[]")
    }

    @Test(arguments: [0, 7, 10, 42, 1_000_000, -1, -120, Int.max, Int.min])
    func integersAreWrittenInDecimal(value: Int) {
        var json = JSONWriter()
        json.integer(value)
        #expect(json.output == String(value))
    }

    @Test func removeAllStartsTheNextLineEmpty() {
        var json = JSONWriter()
        json.string("first")
        json.removeAll()
        json.string("second")
        #expect(json.output == #""second""#)
    }

    /// The quality is written from a table of JSON strings: each must be its description.
    @Test(arguments: MatchQuality.allCases)
    func qualityIsWrittenAsItsDescription(quality: MatchQuality) throws {
        let index = Fixtures.index([SearchableContact(names: [NameField("Ada", kind: .displayName)], numbers: ["1"], uid: "a")])
        let result = SearchResult(contact: 0, quality: quality, field: .name(0), number: 0, ranges: [0..<1])
        var json = JSONWriter()
        ResultPresentation.writeJSONArray([result], in: index, to: &json)
        let objects = try #require(try parsed(json.output) as? [[String: Any]])
        #expect(objects.first?["quality"] as? String == quality.description)
    }

    /// `search --stdin --json` copies the texts from the contact table as bytes; what it writes
    /// is exactly what the presentations write, for names that need escaping too.
    @Test func resultsFromTheTableAreWrittenAsTheirPresentationsAre() throws {
        let contacts = [
            SearchableContact(names: [NameField("Fred \"Freddie\" Smith", kind: .displayName)], numbers: ["+44 7700 900123"], uid: "a\\b"),
            SearchableContact(
                names: [NameField("Tab\tBell\u{7}", kind: .displayName), NameField("Tabby", kind: .nickname)],
                numbers: ["0121 496 0000", "+1 201 555 0123"], uid: "u\u{1}"),
            SearchableContact(names: [NameField("周秀英 😀", kind: .displayName)], numbers: ["822"], uid: "zhou"),
        ]
        let index = Fixtures.index(contacts)
        let session = SearchSession(index: index)
        for query in [[3], [8, 2, 2], [8], [0, 1, 2, 1], [2, 0, 1], [1]] as [[UInt8]] {
            session.setQuery(query)
            let results = session.results(limit: 20)
            var fromTable = JSONWriter()
            ResultPresentation.writeJSONArray(results, in: index, to: &fromTable)
            #expect(fromTable.output == ResultPresentation.jsonArray(results.map { ResultPresentation($0, in: index) }), "query \(query)")
            _ = try parsed(fromTable.output)
        }
    }
}
