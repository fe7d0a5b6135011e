// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

@Suite("Dialer session: multi-tap mode")
struct DialerSessionMultiTapTests {
    static let latin = DialerSettings(initialMode: .multiTap(layout: "latin"))

    @Test(arguments: [
        ("2", "a"), ("22", "b"), ("222", "c"), ("2222", "2"), ("22222", "a"),
        ("7777", "s"), ("77777", "7"),
        ("0", " "), ("00", "0"),
        ("1", "."), ("11", ","), ("111", "'"), ("1111", "-"), ("11111", "1"),
    ])
    func pressesOfOneKeyCycleItsLettersThenItsDigit(keys: String, letter: Character) throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type(keys)
        #expect(dialing.screen.query == QueryText(committed: "", pending: letter))
    }

    @Test func aPauseOfTheCommitTimeCommitsTheLetter() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("222")
        let lastPress = ms(400)
        #expect(dialing.session.nextDeadline == lastPress + ms(800))
        #expect(dialing.advance(to: lastPress + ms(799)).isEmpty)
        let committed = dialing.advance(to: lastPress + ms(800))
        #expect(committed.count == 1)
        #expect(dialing.screen.query == QueryText(committed: "c"))
        // The same key after the pause starts a new letter.
        dialing.type("2")
        #expect(dialing.screen.query == QueryText(committed: "c", pending: "a"))
    }

    @Test func anotherKeyCommitsAtOnce() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("22", gap: ms(100))
        dialing.type("3", gap: ms(100))
        #expect(dialing.screen.query == QueryText(committed: "b", pending: "d"))
    }

    @Test func starCommitsAndMovesTheSelection() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("333", gap: ms(100))
        dialing.type("*", gap: ms(100))
        #expect(dialing.screen.query == QueryText(committed: "f"))
        dialing.type("333", gap: ms(100))
        #expect(dialing.screen.query == QueryText(committed: "f", pending: "f"))
    }

    @Test func fastMultiTapAt80Milliseconds() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("33377733", gap: ms(80))
        #expect(dialing.screen.query == QueryText(committed: "fr", pending: "e"))
        #expect(dialing.uids == ["sanders", "smith", "jones"])
        #expect(dialing.screen.results.first?.ranges == [0..<3])
    }

    @Test func deleteRemovesThePendingLetterThenCommittedOnes() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("33377733", gap: ms(80))
        dialing.press(.delete)
        #expect(dialing.screen.query == QueryText(committed: "fr"))
        dialing.press(.delete)
        #expect(dialing.screen.query == QueryText(committed: "f"))
        dialing.hold(.star)
        #expect(dialing.screen.query == QueryText())
    }

    @Test func starHeldDeletesThePendingLetter() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("33377733", gap: ms(80))
        dialing.hold(.star)
        #expect(dialing.query == "fr")
    }

    @Test func theSearchIgnoresCaseAndAccents() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("9999", gap: ms(80))
        dialing.type("666", gap: ms(80))
        dialing.type("33", gap: ms(80))
        #expect(dialing.query == "zoe")
        #expect(dialing.uids == ["adams"])
        #expect(dialing.screen.results.first?.ranges == [0..<3])
    }

    @Test func cyrillicMultiTapFindsCyrillicNames() throws {
        var dialing = try SessionFixtures.dialer(DialerSettings(initialMode: .multiTap(layout: "cyrillic")))
        dialing.type("2", gap: ms(80))
        dialing.type("55", gap: ms(80))
        #expect(dialing.query == "ан")
        #expect(dialing.uids == ["ivanova"])
    }

    @Test func oneTypesPunctuation() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("666", gap: ms(80))
        dialing.type("111", gap: ms(80))
        dialing.type("22", gap: ms(80))
        #expect(dialing.query == "o'b")
        #expect(dialing.uids == ["obrien"])
    }

    @Test func zeroTypesASpaceBetweenWords() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("99996663302", gap: ms(80))
        #expect(dialing.screen.query == QueryText(committed: "zoe ", pending: "a"))
        #expect(dialing.uids == ["adams"])
        #expect(dialing.screen.results.first?.ranges == [0..<5])
    }

    @Test func aSpaceAloneFindsNothing() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("0")
        #expect(dialing.query == " ")
        #expect(dialing.screen.results.isEmpty)
    }

    @Test func holdingADigitTypesTheDigitAfterTheLetterBefore() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.hold(.digit(5))
        #expect(dialing.screen.query == QueryText(committed: "5"))
        dialing.type("2", gap: ms(100))
        dialing.hold(.digit(2))
        #expect(dialing.screen.query == QueryText(committed: "5a2"))
    }

    @Test func poundDialsTheFirstNameFound() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("33377733#", gap: ms(80))
        #expect(dialing.dials.map(\.uid) == ["sanders"])
        dialing.finishDial(.placed, number: "+441214960000")
        #expect(dialing.screen.query == QueryText())
        #expect(dialing.screen.mode == .multiTap(layout: "latin"))
    }

    @Test func aTypedNumberInMultiTapIsDialled() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("4444", gap: ms(80))
        dialing.type("2222", gap: ms(80))
        dialing.type("#")
        #expect(dialing.dials == [DialRequest(number: "42")])
    }

    @Test func lettersWithNoMatchAreNotDialled() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type("77#", gap: ms(80))
        dialing.type("99#", gap: ms(80))
        #expect(dialing.dials.isEmpty)
        #expect(dialing.query == "qx")
    }

    /// Past 64 characters a new letter is ignored; the open one still cycles, and a hold gives
    /// the letter before it when there is no room for the digit too.
    @Test func theTextStopsAtItsLimit() throws {
        var dialing = try SessionFixtures.dialer(Self.latin)
        dialing.type(String(repeating: "23", count: 32), gap: ms(100))
        let full = String(repeating: "ad", count: 32)
        #expect(dialing.screen.query == QueryText(committed: String(full.dropLast()), pending: "d"))
        dialing.type("3", gap: ms(100))
        #expect(dialing.screen.query == QueryText(committed: String(full.dropLast()), pending: "e"))
        // The hold's press steps to "f", then the hold takes "e" back, with no room for the 3.
        dialing.hold(.digit(3))
        #expect(dialing.screen.query == QueryText(committed: String(full.dropLast()) + "e"))
        // Another key commits nothing new and starts no letter.
        for key in ["2", "3", "0"] { dialing.type(key, gap: ms(100)) }
        #expect(dialing.screen.query == QueryText(committed: String(full.dropLast()) + "e"))
    }
}
