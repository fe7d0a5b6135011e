// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("Display name fallback")
struct DisplayNameFallbackTests {
    @Test(
        "structured names are written prefix, given, additional, family, suffix",
        arguments: [
            (StructuredName(family: "Doe", given: "John", additional: "Q", prefix: "Dr.", suffix: "Jr."), "Dr. John Q Doe Jr."),
            (StructuredName(family: "Doe"), "Doe"),
            (StructuredName(family: " ", given: "Ann "), "Ann"),
            (StructuredName(), ""),
        ])
    func formatted(name: StructuredName, expected: String) {
        #expect(name.formatted == expected)
    }

    @Test("the first non-blank candidate wins")
    func order() {
        let numbers = [PhoneNumber("+1 555 0100")]
        #expect(
            DisplayNameFallback.displayName(
                formatted: " ", name: StructuredName(), organization: "", numbers: numbers, emails: ["a@b.c"]
            ) == "+1 555 0100")
        #expect(
            DisplayNameFallback.displayName(
                formatted: nil, name: nil, organization: nil, numbers: [], emails: []
            ) == nil)
    }
}
