// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@Suite struct AudioTrackTests {
    static let synthesizer = Synthesizer(rate: 8_000, volume: 0.5)

    @Test func theCyclesRepeatWithTheCadence() {
        let ring = Cadence.uk.segments(sounding: [400, 450])
        let track = AudioTrack(.tones(ring), cycleMilliseconds: 3000, cycles: 2, synthesizer: Self.synthesizer)
        #expect(track.totalFrames == 48_000)
        let samples = track.render(0..<track.totalFrames)
        let runs = ToneAnalysis.runs(samples, rate: 8_000).map { [$0.sounding ? 1 : 0, $0.startMilliseconds, $0.milliseconds] }
        // Fades make each edge a block early or late at most.
        let expected = [[1, 0, 400], [0, 400, 200], [1, 600, 400], [0, 1000, 2000], [1, 3000, 400], [0, 3400, 200], [1, 3600, 400], [0, 4000, 2000]]
        #expect(runs.count == expected.count)
        for (run, want) in zip(runs, expected) {
            #expect(run[0] == want[0])
            #expect(abs(run[1] - want[1]) <= 10 && abs(run[2] - want[2]) <= 20, "\(run) for \(want)")
        }
    }

    @Test func renderedInPeriodsTheSameAsWhole() {
        let track = AudioTrack(.tones(CallProgress.busy(.us)), cycleMilliseconds: 1000, cycles: 3, synthesizer: Self.synthesizer)
        let whole = track.render(0..<track.totalFrames)
        let periods = stride(from: 0, to: track.totalFrames, by: 160).flatMap { track.render($0..<($0 + 160)) }
        #expect(periods == whole)
        #expect(track.render(track.totalFrames..<(track.totalFrames + 10)).isEmpty)
    }

    @Test func aClipPlaysFromEachCycleStartThenSilence() {
        let clip = PCMClip(rate: 8_000, samples: [Int16](repeating: 10_000, count: 800))
        let track = AudioTrack(.clip(clip), cycleMilliseconds: 200, cycles: 2, synthesizer: Synthesizer(rate: 8_000, volume: 1))
        let samples = track.render(0..<track.totalFrames)
        #expect(samples.count == 3_200)
        #expect(samples[400] == 10_000 && samples[1_600 + 400] == 10_000)
        #expect(samples[0] == 0 && samples[1_600] == 0)
        let longer = AudioTrack(.clip(clip), cycleMilliseconds: 400, cycles: 1, synthesizer: Synthesizer(rate: 8_000, volume: 1))
        #expect(longer.render(0..<3_200)[900...].allSatisfy { $0 == 0 })
    }
}
