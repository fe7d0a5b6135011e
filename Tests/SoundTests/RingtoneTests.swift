// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation
import Testing
import Tones

@testable import Sound

/// A ringtone is a file a user names: hostile files are problems with what to do, and the ring
/// goes on with tones.
@Suite struct RingtoneTests {
    @Test func aGoodFileIsMadeToThePlayersRate() throws {
        let folder = TemporaryFolder()
        folder.write("ring.wav", wavBytes(rate: 8_000, data: [UInt8](repeating: 0, count: 1_600)))
        let clip = try Ringtone.read(folder.file("ring.wav"), rate: 48_000).get()
        #expect(clip.rate == 48_000)
        #expect(clip.milliseconds == 100)
    }

    @Test(
        arguments: [
            ("truncated", wavBytes(rate: 8_000, data: [1, 0, 2, 0]).dropLast(3), "it is cut short"),
            ("huge", Array(wavBytes(rate: 8_000, data: [1, 0]).prefix(40)) + [0xFF, 0xFF, 0xFF, 0x7F, 1, 0], "it is cut short"),
            ("nothing", [], "it is not a WAV file"),
            ("text", Array("ring ring\n".utf8), "it is not a WAV file"),
        ] as [(String, [UInt8], String)])
    func damagedFilesAreProblems(name: String, bytes: [UInt8], reason: String) {
        let folder = TemporaryFolder()
        folder.write(name, bytes)
        guard case .failure(let problem) = Ringtone.read(folder.file(name), rate: 48_000) else {
            Issue.record("\(name) was read")
            return
        }
        #expect(problem.output == .ringtone(folder.file(name)))
        #expect(problem.reason.hasPrefix(reason), "\(problem)")
        #expect(problem.remedy.hasSuffix("ringing with tones instead"))
    }

    @Test func aFIFOAndADeviceAreRefusedAtOnce() throws {
        let folder = TemporaryFolder()
        #expect(mkfifo(folder.file("fifo"), 0o600) == 0)
        for (path, kind) in [(folder.file("fifo"), "a FIFO"), ("/dev/zero", "a character device"), (folder.file("missing.wav"), "no such file")] {
            guard case .failure(let problem) = Ringtone.read(path, rate: 48_000) else {
                Issue.record("\(path) was read")
                continue
            }
            #expect(problem.reason.contains(kind), "\(problem)")
        }
    }

    @Test func aRingWithABadRingtoneSaysSoAndRingsWithTones() throws {
        let recording = try Recording()
        recording.folder.write("ring.wav", Array("not a wav".utf8))
        var (setup, problems) = SoundPlayer.setup(
            SoundSettings(alsaDevice: "out", ringtone: recording.folder.file("ring.wav"), ringCadence: .custom([200, 200])), device: nil)
        #expect(problems.map(\.output) == [.ringtone(recording.folder.file("ring.wav"))])
        setup.places.alsaConfiguration = recording.configuration
        #expect(SoundPlayer.ringOnce(setup: setup, clock: JumpingClock()).isEmpty)
        let clip = try recording.samples()
        #expect(Goertzel.amplitude(of: 480, in: clip.samples.prefix(9_600), rate: 48_000) > 1_000)
    }
}
