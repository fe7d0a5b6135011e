// SPDX-License-Identifier: Apache-2.0

@testable import Presentation
import T9Search
import TestFixtures
import Testing

@Suite("Result presentation")
struct ResultPresentationTests {
    static let contacts = [
        SearchableContact(
            names: [NameField("Fred Smith", kind: .displayName)],
            numbers: ["+44 7700 900123", "+44 121 496 0000"], uid: "fred"),
        SearchableContact(
            names: [NameField("William John Smith", kind: .displayName)], numbers: ["+1 201-555-0123"], uid: "william"),
        SearchableContact(
            names: [NameField("周秀英", kind: .displayName), NameField("Xiuying Zhou", kind: .phonetic)],
            numbers: ["+86 138 0013 8000"], uid: "zhou"),
        SearchableContact(
            names: [NameField("Telemaco Palombi", kind: .displayName), NameField("Gloria", kind: .nickname)],
            numbers: ["+39 312 481 9661"], uid: "telemaco"),
        SearchableContact(names: [NameField("Tan Wei Ling", kind: .displayName)], numbers: ["+6591776930"], uid: "tan"),
        SearchableContact(
            names: [NameField("Dana", kind: .displayName)], numbers: ["0201 111", "0755 222"], preferredNumber: 1, uid: "dana"),
    ]
    static let index = Fixtures.index(contacts)

    struct Case: Sendable, CustomTestStringConvertible {
        var query: String
        var uid: String
        var field: String
        var text: String
        var ranges: [Range<Int>]
        var number: String
        var quality: MatchQuality
        var markedText: String
        var line: String
        var testDescription: String { "\(query) → \(line)" }
    }

    @Test(arguments: [
        Case(
            query: "37337", uid: "fred", field: "name", text: "Fred Smith", ranges: [0..<6], number: "+44 7700 900123",
            quality: .namePrefix, markedText: "[Fred S]mith", line: "[Fred S]mith  +44 7700 900123"),
        Case(
            query: "957", uid: "william", field: "name", text: "William John Smith", ranges: [0..<1, 8..<9, 13..<14],
            number: "+1 201-555-0123", quality: .initials, markedText: "[W]illiam [J]ohn [S]mith",
            line: "[W]illiam [J]ohn [S]mith  +1 201-555-0123"),
        Case(
            query: "45674", uid: "telemaco", field: "name", text: "Gloria", ranges: [0..<5], number: "+39 312 481 9661",
            quality: .namePrefix, markedText: "[Glori]a", line: "Telemaco Palombi ([Glori]a)  +39 312 481 9661"),
        Case(
            query: "9468", uid: "zhou", field: "name", text: "Xiuying Zhou", ranges: [8..<12], number: "+86 138 0013 8000",
            quality: .namePrefix, markedText: "Xiuying [Zhou]", line: "周秀英 (Xiuying [Zhou])  +86 138 0013 8000"),
        Case(
            query: "9177", uid: "tan", field: "number", text: "+6591776930", ranges: [3..<7], number: "+6591776930",
            quality: .numberPrefix, markedText: "+65[9177]6930", line: "Tan Wei Ling  +65[9177]6930"),
        // A number match shows the number that matched, not the preferred one.
        Case(
            query: "121496", uid: "fred", field: "number", text: "+44 121 496 0000", ranges: [4..<11],
            number: "+44 121 496 0000", quality: .numberPrefix, markedText: "+44 [121 496] 0000",
            line: "Fred Smith  +44 [121 496] 0000"),
        // A name match shows the preferred number.
        Case(
            query: "3262", uid: "dana", field: "name", text: "Dana", ranges: [0..<4], number: "0755 222",
            quality: .namePrefix, markedText: "[Dana]", line: "[Dana]  0755 222"),
    ])
    func presentsTheFirstResult(_ expected: Case) throws {
        let result = try #require(Self.index.search(Fixtures.keys(expected.query)).first)
        let shown = ResultPresentation(result, in: Self.index)
        #expect(shown.uid == expected.uid)
        #expect(shown.field == expected.field)
        #expect(shown.text == expected.text)
        #expect(shown.ranges == expected.ranges)
        #expect(shown.number == expected.number)
        #expect(shown.quality == expected.quality)
        #expect(shown.markedText == expected.markedText)
        #expect(shown.line == expected.line)
    }

    @Test func aContactWithoutNumbersShowsAnEmptyNumber() {
        let index = Fixtures.index([SearchableContact(names: [NameField("Nora", kind: .displayName)], numbers: [], uid: "n")])
        let result = SearchResult(contact: 0, quality: .namePrefix, field: .name(0), number: 0, ranges: [0..<2])
        let shown = ResultPresentation(result, in: index)
        #expect(shown.number == "")
        #expect(shown.markedText == "[No]ra")
    }

    @Test(arguments: [
        ("abc", [Range<Int>](), "abc"),
        ("abc", [0..<3], "[abc]"),
        ("abc", [0..<1, 1..<2], "[a][b]c"),
        ("abcd", [1..<2, 3..<4], "a[b]c[d]"),
        // Offsets count Unicode scalars: a combining accent is one, an emoji is one.
        ("Jose\u{301} Ana", [0..<5], "[Jose\u{301}] Ana"),
        ("😀 Ana", [2..<5], "😀 [Ana]"),
        ("周秀英", [1..<2], "周[秀]英"),
    ])
    func markBracketsEachRange(text: String, ranges: [Range<Int>], marked: String) {
        #expect(ResultPresentation.mark(text, ranges) == marked)
    }
}
