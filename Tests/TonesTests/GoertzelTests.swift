// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@Suite struct GoertzelTests {
    @Test(arguments: [350.0, 697, 1209, 1633, 3000])
    func aSineGivesItsAmplitude(frequency: Double) {
        let samples = Synthesizer(rate: 48_000, volume: 0.5).render(ToneSegment([frequency], milliseconds: 200))
        let amplitude = Goertzel.amplitude(of: frequency, in: samples[480..<(samples.count - 480)], rate: 48_000)
        #expect(abs(amplitude - 16_383) < 500)
        #expect(Goertzel.amplitude(of: frequency * 1.3, in: samples, rate: 48_000) < 1_000)
    }

    @Test func silenceHasNoTone() {
        #expect(Goertzel.amplitude(of: 440, in: [Int16](repeating: 0, count: 100), rate: 8_000) == 0)
        #expect(Goertzel.amplitude(of: 440, in: [Int16](), rate: 8_000) == 0)
    }
}
