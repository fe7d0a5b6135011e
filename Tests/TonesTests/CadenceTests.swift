// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@Suite struct CadenceTests {
    @Test func theNamedCadences() {
        #expect(Cadence.us.milliseconds == [2000, 4000])
        #expect(Cadence.uk.milliseconds == [400, 200, 400, 2000])
        #expect(Cadence.uk.cycleMilliseconds == 3000)
    }

    @Test(arguments: [
        ([1000], Cadence.Problem.partCount(1)),
        (Array(repeating: 100, count: 18), .partCount(18)),
        ([500, 500, 500], .oddCount(3)),
        ([49, 500], .partLength(index: 0, milliseconds: 49)),
        ([500, 10_001], .partLength(index: 1, milliseconds: 10_001)),
        ([10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000], .cycleTooLong(milliseconds: 80_000)),
    ])
    func customCadencesOutOfLimitsAreRefused(lengths: [Int], problem: Cadence.Problem) {
        #expect(throws: problem) { try Cadence(milliseconds: lengths) }
    }

    @Test func aCustomCadenceWithinLimitsIsKept() throws {
        let cadence = try Cadence(milliseconds: [50, 10_000, 300, 700])
        #expect(
            cadence.segments(sounding: [425]) == [ToneSegment([425], milliseconds: 50), .silence(10_000), ToneSegment([425], milliseconds: 300), .silence(700)])
    }

    @Test func everyProblemSaysTheLimit() {
        #expect(Cadence.Problem.partLength(index: 0, milliseconds: 10).description.contains("50 to 10000 ms"))
        #expect(Cadence.Problem.cycleTooLong(milliseconds: 70_000).description.contains("60000"))
    }
}
