// SPDX-License-Identifier: Apache-2.0

@testable import T9Search
import Testing

/// Letters typed in multi-tap match where keys match in T9: word starts and initials, and
/// inside words only with `MatchMode.anywhere`. The book is the demo's (Config/samples/contacts.vcf).
@Suite("Text matches at word starts and initials")
struct TextQueryTests {
    static let book = [
        Fixtures.contact("Fred Smith"), Fixtures.contact("William John Smith"), Fixtures.contact("Berkeley Hair-Studio"),
        Fixtures.contact("José Núñez"), Fixtures.contact("Łukasz Wiśniewski"), Fixtures.contact("Søren Østergaard"),
        Fixtures.contact("Jürgen Großmann"), Fixtures.contact("Исай Логинов"), Fixtures.contact("Ганна Їжак"),
        Fixtures.contact("Αλέξανδρος Παπαδόπουλος"), Fixtures.contact("周秀英", phonetic: "Xiuying Zhou"),
        Fixtures.contact("Telemaco Palombi", nickname: "Gloria"), Fixtures.contact("Siobhán O'Brien"), Fixtures.contact("Tan Wei Ling"),
        Fixtures.contact("Ann Baker"), Fixtures.contact("Bob Baker"), Fixtures.contact("1800 Win A Prize"),
        Fixtures.contact("Nguyễn Thị Minh Khai"),
    ]

    static let indexes = [MatchMode.smart: Fixtures.index(book), .anywhere: Fixtures.index(book, options: SearchOptions(mode: .anywhere))]

    /// A text typed, the match mode, and the contacts found in order with how they match.
    @Test(arguments: [
        // The demo's multi-tap "g": Gloria (Telemaco's nickname) and Großmann start with it;
        // Nguyễn, Østergaard and Ling have it inside a word.
        ("g", MatchMode.smart, [("Telemaco Palombi", MatchQuality.namePrefix), ("Jürgen Großmann", .laterWordPrefix)]),
        (
            "g", .anywhere,
            [
                ("Telemaco Palombi", .namePrefix), ("Jürgen Großmann", .laterWordPrefix), ("Nguyễn Thị Minh Khai", .anywhere),
                ("Søren Østergaard", .anywhere), ("Tan Wei Ling", .anywhere), ("周秀英", .anywhere),
            ]
        ),
        ("glo", .smart, [("Telemaco Palombi", .namePrefix)]),
        ("wjs", .smart, [("William John Smith", .initials)]),
        ("ws", .smart, [("William John Smith", .initials)]),
        ("jsm", .smart, [("William John Smith", .initials)]),
        ("twl", .smart, [("Tan Wei Ling", .initials)]),
        ("fred s", .smart, [("Fred Smith", .namePrefix)]),
        ("smi", .smart, [("Fred Smith", .laterWordPrefix), ("William John Smith", .laterWordPrefix)]),
        ("jo", .smart, [("José Núñez", .namePrefix), ("William John Smith", .laterWordPrefix)]),
        ("ling", .smart, [("Tan Wei Ling", .laterWordPrefix)]),
        ("ing", .smart, []),
        ("ing", .anywhere, [("Tan Wei Ling", .anywhere), ("周秀英", .anywhere)]),
        ("ith", .smart, []),
        ("ith", .anywhere, [("Fred Smith", .anywhere), ("William John Smith", .anywhere)]),
        ("nguy", .smart, [("Nguyễn Thị Minh Khai", .namePrefix)]),
    ])
    func demoBook(text: String, mode: MatchMode, expected: [(String, MatchQuality)]) throws {
        let index = try #require(Self.indexes[mode])
        let found = TextQuery.search(text, in: index)
        #expect(found.map { index.contacts[$0.contact].displayName } == expected.map { $0.0 }, "text \(text), \(mode)")
        #expect(found.map(\.quality) == expected.map { $0.1 }, "text \(text), \(mode)")
        let scanned = TextQuery.scan(TextQuery.query(text, alphabet: index.alphabet), in: index, limit: 20)
        #expect(scanned.map(\.contact) == found.map(\.contact), "the scan agrees on \(text), \(mode)")
    }

    /// What each kind of match highlights, in scalars of the name.
    @Test(arguments: [
        ("wjs", "William John Smith", MatchQuality.initials, [0..<1, 8..<9, 13..<14]),
        ("wsmi", "William John Smith", .initials, [0..<1, 13..<16]),
        ("jo", "William John Smith", .laterWordPrefix, [8..<10]),
        ("will", "William John Smith", .namePrefix, [0..<4]),
        ("nguy", "Nguyễn Thị Minh Khai", .namePrefix, [0..<4]),
    ])
    func highlights(text: String, name: String, quality: MatchQuality, ranges: [Range<Int>]) throws {
        let alphabet = Fixtures.alphabet
        let match = try #require(TextQuery.match(TextQuery.query(text, alphabet: alphabet), in: TextQuery.spell(name, alphabet: alphabet), mode: .smart))
        #expect(match.quality == quality)
        #expect(match.ranges == ranges)
    }

    /// An initial alone is a prefix, not initials; and initials never skip past the eighth word.
    @Test func oneLetterIsNoInitial() throws {
        let alphabet = Fixtures.alphabet
        let name = TextQuery.spell("William John Smith", alphabet: alphabet)
        let john = try #require(TextQuery.match(TextQuery.query("j", alphabet: alphabet), in: name, mode: .smart))
        #expect(john.quality == .laterWordPrefix)
        let long = TextQuery.spell("a b c d e f g h Zed", alphabet: alphabet)
        #expect(TextQuery.match(TextQuery.query("az", alphabet: alphabet), in: long, mode: .smart) == nil)
    }
}
