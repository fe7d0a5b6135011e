// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

@Suite("Keys of letters in every layout")
struct T9AlphabetTests {
    @Test(
        "A text types as these keys",
        arguments: [
            ("abcdefghijklmnopqrstuvwxyz", "22233344455566677778889999"),
            ("ABC XYZ", "222999"),
            ("é", "3"), ("ç", "2"), ("ł", "5"), ("ø", "6"), ("Ñ", "6"), ("ÄÖÜäöü", "268268"),
            ("ß", "77"), ("æ", "23"), ("œ", "63"), ("þ", "84"), ("Straße", "7872773"),
            ("Nguyễn", "648936"), ("Đặng", "3264"),
            ("Исай", "4624"), ("Логинов", "4524552"), ("ёйїєґі", "344324"),
            ("Αλέξανδρος", "2536263767"), ("ΆΈΉΊΌΎΏ", "2344689"),
            ("1800 Win", "1800946"), ("Ｗｉｎ", "946"), ("٣", "3"),
        ])
    func keys(text: String, expected: String) {
        #expect(KeyedText(text, alphabet: Fixtures.alphabet).keys == Fixtures.keys(expected))
    }

    @Test(
        "Characters with no key split words; combining marks do not",
        arguments: [
            ("Fred Smith", [0..<4, 4..<9]),
            ("Hair-Studio", [0..<4, 4..<10]),
            ("O'Brien", [0..<1, 1..<6]),
            ("周秀英", []),
            ("Li 周 Wei", [0..<2, 2..<5]),
            ("Jose\u{301} Luis", [0..<4, 4..<8]),
        ])
    func words(text: String, words: [Range<Int>]) {
        #expect(KeyedText(text, alphabet: Fixtures.alphabet).words == words)
    }

    @Test func combiningMarkWidensTheHighlightOfItsLetter() {
        let text = KeyedText("Jose\u{301}", alphabet: Fixtures.alphabet)
        #expect(text.scalarRange(ofKeys: 3..<4) == 3..<5)
    }

    @Test func expansionKeysPointAtTheirOneScalar() {
        let text = KeyedText("Straße", alphabet: Fixtures.alphabet)
        #expect(text.scalarRange(ofKeys: 4..<5) == 4..<5)
        #expect(text.scalarRange(ofKeys: 4..<6) == 4..<5)
        #expect(text.scalarRange(ofKeys: 0..<7) == 0..<6)
    }

    @Test func baseLettersIgnoreCaseAndAccents() {
        let alphabet = Fixtures.alphabet
        #expect(alphabet.baseLetter("É") == "e")
        #expect(alphabet.baseLetter("Ά") == "α")
        #expect(alphabet.baseLetter("Ё") == "ё")
        #expect(alphabet.baseLetter("周") == nil)
    }

    @Test func multiTapLettersFollowTheLayouts() {
        let letters = Fixtures.alphabet.letters(on: 2)
        #expect(letters.starts(with: ["a", "b", "c"]), "the ITU Latin layout comes first")
        #expect(letters.contains("а") && letters.contains("α"))
    }
}
