// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import T9Search
import Testing

@Suite("Multi-tap keys")
struct MultiTapKeysTests {
    static let latin = MultiTapKeys(layout: SessionFixtures.layouts[0])
    static let cyrillic = MultiTapKeys(layout: SessionFixtures.layouts.first { $0.id == "cyrillic" }!)

    @Test(arguments: [
        (UInt8(0), " 0"), (1, ".,'-1"), (2, "abc2"), (7, "pqrs7"), (9, "wxyz9"),
    ])
    func latinKeys(digit: UInt8, choices: String) {
        #expect(Self.latin.choices(on: digit) == Array(choices))
    }

    @Test func cyrillicKeysOfferTheirLayoutOnly() {
        #expect(Self.cyrillic.choices(on: 2) == Array("абвгґѓ2"))
    }

    @Test func labels() {
        #expect(Self.latin.label == "abc")
        #expect(Self.cyrillic.label == "абв")
        #expect(MultiTapKeys(layout: KeypadLayout(id: "runes", name: "Runes", keys: [:])).label == "runes")
    }

    @Test func aKeyWithoutLettersOffersItsDigit() {
        let bare = MultiTapKeys(layout: KeypadLayout(id: "bare", name: "Bare", keys: [:]))
        #expect(bare.choices(on: 5) == ["5"])
        #expect(bare.choices(on: 10) == [])
    }
}
