// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@Suite("Fuzzing the ringtone's WAV reader")
struct WAVFuzzTests {
    static let runner = FuzzRunner(
        target: "wav",
        dictionary: [
            "RIFF", "WAVE", "fmt ", "data", "LIST", "\u{1}\u{0}", "\u{2}\u{0}", "\u{FE}\u{FF}", "\u{10}\u{0}\u{0}\u{0}", "\u{FF}\u{FF}\u{FF}\u{FF}",
            "\u{40}\u{1F}\u{0}\u{0}", "\u{0}\u{0}\u{0}\u{0}",
        ],
        mutations: 1000
    )

    @Test func wav() {
        Self.runner.run { check, input in
            let first = Result { () throws(WAVError) in try WAVFile.decode(input) }
            let second = Result { () throws(WAVError) in try WAVFile.decode(input) }
            check.expect(first == second, "the same bytes read two ways")
            switch first {
            case .success(let clip):
                check.expect(WAVFile.Limits.rates.contains(clip.rate), "rate \(clip.rate) out of limits")
                check.expect(clip.milliseconds <= WAVFile.Limits.maxMilliseconds, "\(clip.milliseconds) ms, over the limit")
                check.expect(!clip.samples.isEmpty && clip.samples.count <= input.count, "\(clip.samples.count) samples from \(input.count) bytes")
                let resampled = clip.resampled(to: 48_000)
                check.expect(abs(resampled.milliseconds - clip.milliseconds) <= 1, "resampling changed the length")
            case .failure(let error):
                check.expect(!error.description.isEmpty && error.description.count < 400, "an error of \(error.description.count) characters")
            }
        }
    }
}
