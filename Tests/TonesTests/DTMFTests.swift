// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@Suite struct DTMFTests {
    @Test(
        arguments: [
            ("1", 697.0, 1209.0), ("2", 697, 1336), ("3", 697, 1477), ("A", 697, 1633),
            ("4", 770, 1209), ("5", 770, 1336), ("6", 770, 1477), ("B", 770, 1633),
            ("7", 852, 1209), ("8", 852, 1336), ("9", 852, 1477), ("C", 852, 1633),
            ("*", 941, 1209), ("0", 941, 1336), ("#", 941, 1477), ("D", 941, 1633),
            ("d", 941, 1633),
        ] as [(Character, Double, Double)])
    func pairOfEachKey(key: Character, row: Double, column: Double) {
        let pair = DTMF.pair(key)
        #expect(pair?.row == row)
        #expect(pair?.column == column)
    }

    @Test(arguments: ["x", " ", "+", "E", "é"] as [Character])
    func otherCharactersHaveNoPair(key: Character) {
        #expect(DTMF.pair(key) == nil)
    }
}
