// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

@Suite("The same number written two ways")
struct SameNumberTests {
    /// (a caller's number, a number in the book, the region, the same line?)
    static let cases: [(String, String, String?, Bool)] = [
        ("+441214960000", "+44 121 496 0000", nil, true),
        ("+441214960000", "0121 496 0000", "GB", true),
        ("+441214960000", "0121 496 0000", nil, false),
        ("00441214960000", "0121 496 0000", "GB", true),
        ("01214960000", "+44 (0)121 496 0000", nil, false),
        ("+12015550123", "(201) 555-0123", "US", true),
        ("+12015550123", "1-201-555-0123", "US", true),
        ("+12015550123", "555-0123", "US", false),
        // The same national number in another country is another line.
        ("+331214960000", "0121 496 0000", "GB", false),
        ("+33 1 21 49 60 00", "+44 121 496 0000", nil, false),
        ("5070", "5070", nil, true),
        ("5070", "5071", nil, false),
        ("", "", nil, false),
        ("anonymous", "", nil, false),
    ]

    @Test(arguments: 0..<cases.count) func numbersAreTheSameLineOrNot(row: Int) {
        let (caller, saved, region, same) = Self.cases[row]
        #expect(SameNumber.matches(caller, saved, region: region.flatMap(DialingRegion.init)) == same)
        #expect(SameNumber.matches(saved, caller, region: region.flatMap(DialingRegion.init)) == same)
    }
}
