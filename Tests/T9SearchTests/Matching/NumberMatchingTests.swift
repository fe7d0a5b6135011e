// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

@Suite("Matching numbers")
struct NumberMatchingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var number: String
        var query: String
        var region: String? = nil
        var quality: MatchQuality?
        var ranges: [Range<Int>] = []
        var testDescription: String { "\(query) in \(number)" + (region.map { " (\($0))" } ?? "") }
    }

    static let cases: [Case] = [
        Case(number: "+6591776930", query: "9177", quality: .numberPrefix, ranges: [3..<7]),
        Case(number: "+6591776930", query: "6591", quality: .numberPrefix, ranges: [0..<5]),
        Case(number: "123-456-789", query: "123456789", quality: .numberPrefix, ranges: [0..<11]),
        Case(number: "(510) 111-1111", query: "510", quality: .numberPrefix, ranges: [0..<4]),
        // National forms with the region's trunk prefix, and the reverse.
        Case(number: "+44 121 496 0000", query: "0121", region: "GB", quality: .numberPrefix, ranges: [4..<7]),
        Case(number: "+44 121 496 0000", query: "0121", quality: nil),
        Case(number: "+44 121 496 0000", query: "121496", quality: .numberPrefix, ranges: [4..<11]),
        Case(number: "0121 507 9010", query: "44121", region: "GB", quality: .numberPrefix, ranges: [1..<4]),
        Case(number: "0121 507 9010", query: "0121", quality: .numberPrefix, ranges: [0..<4]),
        Case(number: "0121 507 9010", query: "1215", region: "GB", quality: .numberPrefix, ranges: [1..<6]),
        Case(number: "0044 121 496 0000", query: "0121", region: "GB", quality: .numberPrefix, ranges: [5..<8]),
        Case(number: "8 (301) 224-91-88", query: "7301", region: "RU", quality: .numberPrefix, ranges: [3..<6]),
        Case(number: "+7 301 224 91 88", query: "8301", region: "RU", quality: .numberPrefix, ranges: [3..<6]),
        // NANP 10- and 7-digit forms.
        Case(number: "+1 201-555-0123", query: "2015550123", region: "US", quality: .numberPrefix, ranges: [3..<15]),
        Case(number: "+1 201-555-0123", query: "5550123", region: "US", quality: .numberPrefix, ranges: [7..<15]),
        Case(number: "+1 201-555-0123", query: "5550123", quality: .numberMiddle, ranges: [7..<15]),
        Case(number: "(201) 555-0123", query: "5550123", region: "CA", quality: .numberPrefix, ranges: [6..<14]),
        Case(number: "(201) 555-0123", query: "1201", region: "US", quality: .numberPrefix, ranges: [0..<4]),
        Case(number: "1-201-555-0123", query: "2015", region: "US", quality: .numberPrefix, ranges: [2..<7]),
        // Anywhere in the middle, which Android can't do.
        Case(number: "+44 121 496 0000", query: "4960", quality: .numberMiddle, ranges: [8..<13]),
        Case(number: "+44 121 496 0000", query: "4961", quality: nil),
        // An extension marker is formatting; its digits count.
        Case(number: "555-1234 ext. 5", query: "55512345", quality: .numberPrefix, ranges: [0..<15]),
        Case(number: "555-1234 ext. 5", query: "398", quality: nil),
        Case(number: "555 0100 p 42", query: "5550100742", quality: nil),
        Case(number: "555 0100 p 42", query: "555010042", quality: .numberPrefix, ranges: [0..<13]),
        // Letters after a digit are dialled as their keys (E.161), so what dials the number
        // finds it: 1-800-FLOWERS is 18003569377, through every dial method.
        Case(number: "1-800-FLOWERS", query: "18003569377", quality: .numberPrefix, ranges: [0..<13]),
        Case(number: "1-800-FLOWERS", query: "1800356", quality: .numberPrefix, ranges: [0..<9]),
        Case(number: "1 800 flowers", query: "3569377", quality: .numberMiddle, ranges: [6..<13]),
        // A label before the number is not dialled.
        Case(number: "Tel. 0121 496 0000", query: "0121", quality: .numberPrefix, ranges: [0..<9]),
        Case(number: "Tel. 0121 496 0000", query: "835", quality: nil),
    ]

    @Test(arguments: cases)
    func match(_ test: Case) throws {
        let region = test.region.flatMap(DialingRegion.init)
        let index = Fixtures.index([Fixtures.contact("Zz", [test.number])], options: SearchOptions(region: region))
        let results = index.search(Fixtures.keys(test.query))
        guard let quality = test.quality else {
            #expect(results.isEmpty)
            return
        }
        let result = try #require(results.first)
        #expect(result.quality == quality)
        #expect(result.field == .number(0))
        #expect(result.ranges == test.ranges)
    }

    @Test func regionsAreKnownByCode() {
        #expect(DialingRegion("gb")?.callingCode == [4, 4])
        #expect(DialingRegion("US")?.isNANP == true)
        #expect(DialingRegion("XX") == nil)
    }
}
