// SPDX-License-Identifier: Apache-2.0

import Sound
import Testing

@Suite("A mixer's level and the volume keys' steps")
struct MixerLevelTests {
    @Test(
        "A key moves to the next tenth of the range, clamped",
        arguments: [
            // range, value, up, next value, its percent
            (0...87, 52, true, 61, 70),
            (0...87, 52, false, 44, 51),
            (0...87, 61, false, 52, 60),
            (0...87, 87, true, 87, 100),
            (0...87, 0, false, 0, 0),
            (0...87, 3, true, 9, 10),
            (0...87, 3, false, 0, 0),
            (0...100, 95, true, 100, 100),
            (-10239...400, -10239, true, -9175, 10),
            (0...3, 1, true, 2, 67),
            (0...3, 3, false, 2, 67),
            (5...5, 5, true, 5, 100),
        ] as [(ClosedRange<Int>, Int, Bool, Int, Int)]
    )
    func step(range: ClosedRange<Int>, value: Int, up: Bool, next: Int, percent: Int) {
        let stepped = MixerLevel(range: range, value: value).stepped(up: up)
        #expect(stepped.value == next)
        #expect(stepped.percent == percent)
    }

    @Test("Ten presses go from silent to full, through every tenth")
    func tenPressesToFull() {
        var level = MixerLevel(range: 0...127, value: 0)
        var shown: [Int] = []
        for _ in 0..<11 {
            level = level.stepped(up: true)
            shown.append(level.percent)
        }
        #expect(shown == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100])
    }

    @Test("A value outside the range is taken as its nearest end")
    func clamped() {
        #expect(MixerLevel(range: 0...31, value: 40).value == 31)
        #expect(MixerLevel(range: 0...31, value: -1).percent == 0)
    }
}
