// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

/// The name rules of Android's smart dial and t9dial's own, checked through the index (which
/// must agree with `FieldMatcher`, checked in `IndexOracleTests`).
@Suite("Matching names")
struct NameMatchingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var query: String
        var quality: MatchQuality?
        var ranges: [Range<Int>] = []
        var mode: MatchMode = .smart
        var testDescription: String { "\(query) in \(name)" }
    }

    static let cases: [Case] = [
        // Word starts only, running on across words.
        Case(name: "Fred Smith", query: "3733", quality: .namePrefix, ranges: [0..<4]),
        Case(name: "Fred Smith", query: "37337", quality: .namePrefix, ranges: [0..<6]),
        Case(name: "Fred Smith", query: "373376484", quality: .namePrefix, ranges: [0..<10]),
        Case(name: "Fred Smith", query: "76484", quality: .namePrefix, ranges: [5..<10]),  // a whole word
        Case(name: "Fred Smith", query: "764", quality: .laterWordPrefix, ranges: [5..<8]),
        Case(name: "Fred Smith", query: "733", quality: nil),  // "red" is inside a word
        Case(name: "joe", query: "63", quality: nil),
        Case(name: "joe oe", query: "63", quality: .namePrefix, ranges: [4..<6]),
        Case(name: "Phillips Thomas", query: "846", quality: .laterWordPrefix, ranges: [9..<12]),
        Case(name: "Phillips Thomas", query: "466", quality: nil),
        Case(name: "Yo-Yoghurt", query: "964", quality: .laterWordPrefix, ranges: [3..<6]),
        // Initials in order, optionally ending in a prefix.
        Case(name: "William John Smith", query: "957", quality: .initials, ranges: [0..<1, 8..<9, 13..<14]),
        Case(name: "William John Smith", query: "5764", quality: .initials, ranges: [8..<9, 13..<16]),
        Case(name: "William John Smith", query: "95646", quality: .initials, ranges: [0..<1, 8..<12]),
        Case(name: "William John Smith", query: "97", quality: .initials, ranges: [0..<1, 13..<14]),
        Case(name: "William John Smith", query: "759", quality: nil),  // out of order
        // After hyphens and apostrophes.
        Case(name: "Berkeley Hair-Studio", query: "788346", quality: .namePrefix, ranges: [14..<20]),
        Case(name: "Berkeley Hair-Studio", query: "7883", quality: .laterWordPrefix, ranges: [14..<18]),
        Case(name: "O'Brien", query: "627436", quality: .namePrefix, ranges: [0..<7]),
        Case(name: "O'Brien", query: "27436", quality: .namePrefix, ranges: [2..<7]),
        // Digits in names are themselves.
        Case(name: "1800 Win A Prize", query: "1800", quality: .namePrefix, ranges: [0..<4]),
        Case(name: "1800 Win A Prize", query: "977493", quality: .initials, ranges: [5..<6, 11..<16]),
        // Accents and letters typed as two keys.
        Case(name: "Émile Zola", query: "36453", quality: .namePrefix, ranges: [0..<5]),
        Case(name: "François", query: "37262647", quality: .namePrefix, ranges: [0..<8]),
        Case(name: "Łukasz Søren", query: "76736", quality: .namePrefix, ranges: [7..<12]),
        Case(name: "Gauß", query: "428", quality: .namePrefix, ranges: [0..<3]),
        Case(name: "Gauß", query: "42877", quality: .namePrefix, ranges: [0..<4]),
        Case(name: "Ærø", query: "2376", quality: .namePrefix, ranges: [0..<3]),
        // Cyrillic and Greek at the same time as Latin.
        Case(name: "Исай Логинов", query: "4524", quality: .laterWordPrefix, ranges: [5..<9]),
        Case(name: "Ґанна Їжак", query: "22552", quality: .namePrefix, ranges: [0..<5]),
        Case(name: "Ґанна Їжак", query: "4324", quality: .namePrefix, ranges: [6..<10]),
        Case(name: "Αλέξανδρος Παπαδόπουλος", query: "2536", quality: .namePrefix, ranges: [0..<4]),
        Case(name: "Αλέξανδρος Παπαδόπουλος", query: "27", quality: .initials, ranges: [0..<1, 11..<12]),
        // The tutorial's anywhere semantics, only when asked for, ranked last.
        Case(name: "Fred Smith", query: "733", quality: .anywhere, ranges: [1..<4], mode: .anywhere),
        Case(name: "Fred Smith", query: "37337", quality: .namePrefix, ranges: [0..<6], mode: .anywhere),
        Case(name: "Fred Smith", query: "3376", quality: .anywhere, ranges: [2..<7], mode: .anywhere),
    ]

    @Test(arguments: cases)
    func match(_ test: Case) throws {
        let index = Fixtures.index([Fixtures.contact(test.name, ["+1 000"])], options: SearchOptions(mode: test.mode))
        let results = index.search(Fixtures.keys(test.query))
        guard let quality = test.quality else {
            #expect(results.isEmpty)
            return
        }
        let result = try #require(results.first)
        #expect(result.quality == quality)
        #expect(result.field == .name(0))
        #expect(result.ranges == test.ranges)
    }

    @Test func nicknamesAndPhoneticReadingsAreSearchable() throws {
        let index = Fixtures.index([
            Fixtures.contact("周秀英", ["+86 10 1106 0299"], phonetic: "Zhou Xiuying"),
            Fixtures.contact("Telemaco Palombi", ["+39 312 481 9661"], nickname: "Gloria"),
        ])
        let zhou = try #require(index.search(Fixtures.keys("9468")).first)
        #expect(index.contacts[zhou.contact].displayName == "周秀英")
        #expect(zhou.field == .name(1))
        #expect(zhou.ranges == [0..<4])
        let gloria = try #require(index.search(Fixtures.keys("45674")).first)
        #expect(gloria.field == .name(1))
        #expect(gloria.quality == .namePrefix)
    }

    /// Letters match at word starts, ignoring case and accents; inside a word only with
    /// `MatchMode.anywhere`.
    @Test(arguments: [
        (MatchMode.smart, ["Ánna Bell", "Bob Annan"], [MatchQuality.namePrefix, .laterWordPrefix], [[0..<3], [4..<7]]),
        (
            .anywhere, ["Ánna Bell", "Bob Annan", "Johann Strauss"], [.namePrefix, .laterWordPrefix, .anywhere],
            [[0..<3], [4..<7], [3..<6]]
        ),
    ])
    func textSearchIgnoresCaseAndAccents(mode: MatchMode, names: [String], qualities: [MatchQuality], ranges: [[Range<Int>]]) {
        let index = Fixtures.index(
            [Fixtures.contact("Ánna Bell"), Fixtures.contact("Johann Strauss"), Fixtures.contact("Bob Annan"), Fixtures.contact("Zed")],
            options: SearchOptions(mode: mode))
        let results = TextQuery.search("ann", in: index)
        #expect(results.map { index.contacts[$0.contact].displayName } == names)
        #expect(results.map(\.ranges) == ranges)
        #expect(results.map(\.quality) == qualities)
    }
}
