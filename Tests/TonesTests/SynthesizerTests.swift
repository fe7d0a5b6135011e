// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@Suite struct SynthesizerTests {
    @Test(arguments: [8_000, 16_000, 48_000])
    func aPairHasItsTwoFrequenciesAndNoOther(rate: Int) {
        let samples = Synthesizer(rate: rate, volume: 0.8).render(ToneSegment([770, 1336], milliseconds: 100))
        #expect(samples.count == rate / 10)
        let row = Goertzel.amplitude(of: 770, in: samples, rate: rate)
        let column = Goertzel.amplitude(of: 1336, in: samples, rate: rate)
        #expect(row > 10_000 && column > 10_000)
        for other in DTMF.rows + DTMF.columns where other != 770 && other != 1336 {
            #expect(Goertzel.amplitude(of: other, in: samples, rate: rate) < row / 10, "\(other) Hz")
        }
        #expect(abs(Goertzel.strongest(in: 700...850, samples: samples, rate: rate) - 770) <= 770 * 0.015)
    }

    @Test(arguments: [0.0, -1.0, .nan])
    func volumeZeroIsExactSilence(volume: Double) {
        let samples = Synthesizer(rate: 48_000, volume: volume).render(ToneSegment([350, 440], milliseconds: 50))
        #expect(samples.count == 2_400)
        #expect(samples.allSatisfy { $0 == 0 })
    }

    @Test func fullVolumeNeverOverflows() {
        let samples = Synthesizer(rate: 48_000, volume: 7).render(ToneSegment([480, 620], milliseconds: 200))
        #expect(samples.map { abs(Int($0)) }.max()! <= 32_767)
        #expect(samples.map { abs(Int($0)) }.max()! > 30_000)
    }

    @Test func theEdgesFadeSoNothingClicks() {
        let synthesizer = Synthesizer(rate: 48_000, volume: 1)
        let samples = synthesizer.render(ToneSegment([1000], milliseconds: 100))
        let fade = synthesizer.frames(milliseconds: Synthesizer.fadeMilliseconds)
        #expect(samples.first == 0)
        #expect(abs(Int(samples.last!)) < 300)
        // Within the fade no sample reaches what the middle does.
        #expect(samples[..<(fade / 2)].map { abs(Int($0)) }.max()! < 17_000)
        #expect(samples[fade..<(fade * 3)].map { abs(Int($0)) }.max()! > 30_000)
    }

    @Test func aSegmentMadeInPiecesIsTheSameAsMadeWhole() {
        let synthesizer = Synthesizer(rate: 16_000, volume: 0.5)
        let segment = ToneSegment([697, 1209], milliseconds: 100)
        let whole = synthesizer.render(segment)
        let pieces = stride(from: 0, to: whole.count, by: 333).flatMap {
            synthesizer.render(segment, frames: $0..<min($0 + 333, whole.count), of: whole.count)
        }
        #expect(pieces == whole)
    }
}
