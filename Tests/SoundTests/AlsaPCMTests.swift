// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import Testing
import Tones

@testable import Sound

@Suite struct AlsaPCMTests {
    @Test(arguments: [8_000, 48_000])
    func whatIsWrittenIsWhatIsRecorded(rate: Int) throws {
        let recording = try Recording()
        let samples = Synthesizer(rate: rate, volume: 0.3).render(ToneSegment([941, 1477], milliseconds: 250))
        do {
            let pcm = try AlsaPCM(name: "out", rate: rate, configuration: recording.configuration)
            try pcm.write(Array(samples[..<1000]))
            try pcm.write(Array(samples[1000...]))
            pcm.drain()
        }
        let clip = try recording.samples()
        #expect(clip.rate == rate)
        #expect(clip.samples == samples)
    }

    @Test func stopDropsWhatIsQueuedAndTheNextSoundPlays() throws {
        let recording = try Recording()
        do {
            let pcm = try AlsaPCM(name: "out", rate: 8_000, configuration: recording.configuration)
            try pcm.write([Int16](repeating: 1_000, count: 800))
            pcm.stop()
            try pcm.write([Int16](repeating: 2_000, count: 800))
        }
        let clip = try recording.samples()
        #expect(clip.samples.last == 2_000)
    }

    @Test func aMissingDeviceSaysWhichAndHowToFindOne() {
        #expect(throws: AlsaPCM.problem("t9dial-no-such-pcm", opening: Errno(ENOENT))) {
            _ = try AlsaPCM(name: "t9dial-no-such-pcm", rate: 48_000)
        }
    }

    @Test(arguments: [
        (ENOENT, "no such device", "aplay -L"),
        (EBUSY, "it is busy: another program (baresip?) has it open", "dmix"),
        (EACCES, "permission denied", "audio group"),
        (EIO, "it cannot be opened", "aplay -L"),
    ])
    func openingProblemsSayWhatToDo(code: Int32, reason: String, remedy: String) {
        let problem = AlsaPCM.problem("plughw:1,0", opening: Errno(code))
        #expect(problem.output == .alsa("plughw:1,0"))
        #expect(problem.reason.hasPrefix(reason))
        #expect(problem.remedy.contains(remedy))
    }

    @Test func aBadConfigurationIsAProblem() {
        #expect(throws: SoundProblem.self) { try AlsaConfiguration(text: "pcm.out { type file") }
    }
}
