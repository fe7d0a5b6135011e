// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation
import Synchronization
import SystemCalls
import Testing
import Tones

@testable import Sound

/// The player through the real alsa-lib, into ALSA's file plugin: what it recorded is
/// analysed, not trusted.
@Suite struct SoundPlayerTests {
    static let rate = SoundPlayer.rate

    func setup(_ places: OutputPlaces, choices: SoundChoices, volume: Double = 0.5) -> SoundPlayer.Setup {
        SoundPlayer.Setup(places: places, choices: choices, ringVolume: volume, toneVolume: volume)
    }

    /// Plays one cue with a jumping clock and returns what was recorded once the player closed
    /// the device.
    func record(_ cue: SoundCue, choices: SoundChoices, volume: Double = 0.5) throws -> PCMClip {
        let recording = try Recording()
        let player = try SoundPlayer(setup: setup(recording.places, choices: choices, volume: volume), clock: JumpingClock(), onProblem: { _ in })
        player.cue(cue)
        #expect(eventually { (try? recording.samples()) != nil }, "the player closes the device after the sound")
        player.shutDown()
        return try recording.samples()
    }

    @Test(arguments: ["1", "5", "9", "*", "0", "#", "D"] as [Character])
    func aKeyPlaysItsTwoFrequenciesForItsLength(key: Character) throws {
        let clip = try record(.key(key), choices: SoundChoices(speaker: true, beeper: false, lamps: false))
        let pair = try #require(DTMF.pair(key))
        #expect(clip.rate == Self.rate)
        #expect(abs(clip.milliseconds - SoundPlan.keyMilliseconds) <= 2)
        let row = Goertzel.strongest(in: 650...980, samples: clip.samples, rate: Self.rate)
        let column = Goertzel.strongest(in: 1150...1700, samples: clip.samples, rate: Self.rate)
        #expect(abs(row - pair.row) <= pair.row * 0.015)
        #expect(abs(column - pair.column) <= pair.column * 0.015)
        let strength = Goertzel.amplitude(of: pair.row, in: clip.samples, rate: Self.rate)
        for other in DTMF.rows + DTMF.columns where other != pair.row && other != pair.column {
            #expect(Goertzel.amplitude(of: other, in: clip.samples, rate: Self.rate) < strength / 8, "\(other) Hz")
        }
    }

    @Test func onTheMonotonicClockAKeyPlaysAndTheDeviceIsClosedWhenIdle() throws {
        let recording = try Recording()
        let choices = SoundChoices(speaker: true, beeper: false, lamps: false)
        let player = try SoundPlayer(setup: setup(recording.places, choices: choices), clock: MonotonicClock(), onProblem: { _ in })
        player.cue(.key("8"))
        // The WAV's sizes are written when the device is closed, which only the idle close does.
        #expect(eventually { (try? recording.samples()) != nil })
        let clip = try recording.samples()
        #expect(clip.samples.count == Self.rate * SoundPlan.keyMilliseconds / 1000)
        #expect(Goertzel.amplitude(of: 1336, in: clip.samples, rate: Self.rate) > 1_000)
        player.shutDown()
    }

    @Test func volumeZeroIsSilence() throws {
        let clip = try record(.key("5"), choices: SoundChoices(speaker: true, beeper: false, lamps: false), volume: 0)
        #expect(clip.samples.count == Self.rate / 10)
        #expect(clip.samples.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [(CallProgress.Country.us, [480.0, 620]), (.uk, [400]), (.europe, [425])])
    func theBusyToneHasItsCountrysCadence(country: CallProgress.Country, frequencies: [Double]) throws {
        let clip = try record(.busy, choices: SoundChoices(speaker: true, beeper: false, lamps: false, country: country))
        let cycle = CallProgress.busy(country).map(\.milliseconds)
        let runs = ToneAnalysis.runs(clip.samples, rate: Self.rate)
        #expect(runs.count == 2 * SoundPlan.busyCycles)
        for run in runs { #expect(abs(run.milliseconds - cycle[run.sounding ? 0 : 1]) <= 50, "\(run)") }
        let first = Array(clip.samples.prefix(Self.rate * cycle[0] / 1000))
        for frequency in frequencies {
            #expect(abs(Goertzel.strongest(in: (frequency - 20)...(frequency + 20), samples: first, rate: Self.rate) - frequency) <= frequency * 0.015)
        }
    }

    @Test(arguments: [
        (Cadence.us, [2000, 4000]), (.uk, [400, 200, 400, 2000]), (try! Cadence(milliseconds: [300, 300, 1000, 1400]), [300, 300, 1000, 1400]),
    ])
    func theRingHasItsCadence(cadence: Cadence, lengths: [Int]) throws {
        let recording = try Recording()
        let choices = SoundChoices(speaker: true, beeper: false, lamps: false, cadence: cadence)
        let problems = SoundPlayer.ringOnce(setup: setup(recording.places, choices: choices), clock: JumpingClock())
        #expect(problems.isEmpty)
        let clip = try recording.samples()
        #expect(abs(clip.milliseconds - lengths.reduce(0, +)) <= 2)
        let runs = ToneAnalysis.runs(clip.samples, rate: Self.rate)
        #expect(runs.map(\.sounding) == lengths.indices.map { $0.isMultiple(of: 2) })
        for (run, length) in zip(runs, lengths) { #expect(abs(run.milliseconds - length) <= 50, "\(run) for \(length) ms") }
        let ring = Array(clip.samples.prefix(Self.rate * lengths[0] / 1000))
        #expect(abs(Goertzel.strongest(in: 420...500, samples: ring, rate: Self.rate) - 440) <= 440 * 0.015)
    }

    @Test func aRingtoneIsPlayedFromEachCycleStart() throws {
        let recording = try Recording()
        let tone = Synthesizer(rate: 22_050, volume: 0.6).render(ToneSegment([1000], milliseconds: 500))
        let bytes = tone.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        recording.folder.write("ring.wav", wavBytes(rate: 22_050, data: bytes))
        var settings = SoundSettings(alsaDevice: "out", ringtone: recording.folder.file("ring.wav"), ringCadence: .custom([1000, 1000]), ringVolume: 1)
        settings.leds = []
        var (setup, problems) = SoundPlayer.setup(settings, device: nil)
        #expect(problems.isEmpty)
        setup.places.alsaConfiguration = recording.configuration
        #expect(SoundPlayer.ringOnce(setup: setup, clock: JumpingClock()).isEmpty)
        let clip = try recording.samples()
        #expect(abs(clip.milliseconds - 2000) <= 2)
        let runs = ToneAnalysis.runs(clip.samples, rate: Self.rate)
        #expect(runs.first?.sounding == true)
        #expect(abs((runs.first?.milliseconds ?? 0) - 500) <= 50)
        #expect(abs(Goertzel.strongest(in: 950...1050, samples: clip.samples.prefix(Self.rate / 2), rate: Self.rate) - 1000) <= 15)
    }

    @Test func quietStopsARingAtOnce() throws {
        let recording = try Recording()
        let clock = FrozenClock()
        let log = ProblemLog()
        let choices = SoundChoices(speaker: true, beeper: false, lamps: false)
        let player = try SoundPlayer(setup: setup(recording.places, choices: choices), clock: clock, onProblem: log.report)
        player.cue(.ring)
        // The clock stands still, so the ring got as far ahead of it as the player ever goes.
        #expect(eventually { clock.sleepCount >= 1 })
        player.cue(.quiet)
        player.shutDown()
        let clip = try recording.samples()
        // What the player wrote ahead of the clock, and not a period more.
        #expect((1...(PlanFollower.leadMilliseconds + PlanFollower.periodMilliseconds)).contains(clip.milliseconds))
        #expect(Goertzel.amplitude(of: 480, in: clip.samples, rate: Self.rate) > 1_000)
        #expect(log.all.isEmpty)
    }

    @Test func aKeyReplacesTheRingAtOnce() throws {
        let recording = try Recording()
        let clock = FrozenClock()
        let choices = SoundChoices(speaker: true, beeper: false, lamps: false)
        let player = try SoundPlayer(setup: setup(recording.places, choices: choices), clock: clock, onProblem: { _ in })
        player.cue(.ring)
        #expect(eventually { clock.sleepCount >= 1 })
        player.cue(.key("7"))
        #expect(eventually { clock.sleepCount >= 2 })
        player.shutDown()
        let clip = try recording.samples()
        // The ring as far as it got ahead of the clock, then the key's whole tone.
        let lead = Self.rate * PlanFollower.leadMilliseconds / 1000
        #expect(clip.samples.count == lead + Self.rate * SoundPlan.keyMilliseconds / 1000)
        let ring = clip.samples[..<lead]
        let key = clip.samples[lead...]
        #expect(Goertzel.amplitude(of: 440, in: ring, rate: Self.rate) > 1_000)
        #expect(Goertzel.amplitude(of: 852, in: key, rate: Self.rate) > 1_000)
        #expect(Goertzel.amplitude(of: 1209, in: key, rate: Self.rate) > 1_000)
        #expect(Goertzel.amplitude(of: 440, in: key, rate: Self.rate) < 300)
    }

    @Test func aMissingDeviceIsAProblemNotAFailure() throws {
        let recording = try Recording()
        let log = ProblemLog()
        var places = recording.places
        places.alsaDevice = "no-such-pcm"
        let player = try SoundPlayer(
            setup: setup(places, choices: SoundChoices(speaker: true, beeper: false, lamps: false)), clock: JumpingClock(), onProblem: log.report)
        player.cue(.key("1"))
        player.cue(.key("2"))
        #expect(eventually { !log.all.isEmpty })
        player.cue(.key("3"))
        player.shutDown()
        let problem = try #require(log.all.first)
        #expect(log.all.count == 1, "reported once, not at every key")
        #expect(problem.output == .alsa("no-such-pcm"))
        #expect(problem.description == "ALSA device no-such-pcm: no such device; list the devices with `aplay -L` and set [sound] device (or --sound)")
    }

    @Test func aLampThatComesBackIsReportedAsPlayingAgain() throws {
        let folder = TemporaryFolder()
        let log = ProblemLog()
        let recoveries = Mutex(0)
        var places = OutputPlaces()
        places.lamps = ["bell"]
        places.lampRoot = folder.path
        let player = try SoundPlayer(
            setup: setup(places, choices: SoundChoices(speaker: false, beeper: false, lamps: true)), clock: JumpingClock(), onProblem: log.report,
            onRecovery: { recoveries.withLock { $0 += 1 } })
        player.cue(.ring)
        #expect(eventually { log.all.count == 1 })
        #expect(log.all.first?.output == .lamp(folder.file("bell")))
        #expect(recoveries.withLock { $0 } == 0)
        // The LED appears (its driver loaded): the next ring lights it, and says all is well.
        try FileManager.default.createDirectory(atPath: folder.file("bell"), withIntermediateDirectories: true)
        folder.write("bell/max_brightness", Array("1\n".utf8))
        folder.write("bell/brightness", Array("0\n".utf8))
        player.cue(.quiet)
        player.cue(.ring)
        #expect(eventually { recoveries.withLock { $0 } == 1 })
        player.shutDown()
        #expect(log.all.count == 1)
    }

    @Test func theCheckOpensEveryOutputAndSaysWhatFails() throws {
        let recording = try Recording()
        var places = recording.places
        places.beeper = recording.folder.file("no-beeper")
        places.lamps = ["no-lamp"]
        places.lampRoot = recording.folder.path
        #expect(SoundPlayer.check(places).map(\.output) == [.beeper(recording.folder.file("no-beeper")), .lamp(recording.folder.file("no-lamp"))])
        places.alsaDevice = "missing"
        #expect(SoundPlayer.check(places).first?.output == .alsa("missing"))
        #expect(SoundPlayer.check(OutputPlaces()).isEmpty)
    }

    @Test func soundNoneOverridesTheConfiguredDevice() {
        let (setup, _) = SoundPlayer.setup(SoundSettings(alsaDevice: "plughw:1,0"), device: "none")
        #expect(setup.places.alsaDevice == nil)
        #expect(setup.choices.speaker == false)
        #expect(SoundPlayer.setup(SoundSettings(alsaDevice: "plughw:1,0"), device: "dmix").0.places.alsaDevice == "dmix")
        #expect(SoundPlayer.setup(SoundSettings(alsaDevice: "plughw:1,0"), device: nil).0.places.alsaDevice == "plughw:1,0")
    }

    @Test func aCadenceOutOfLimitsIsAProblemAndTheUSCadenceRings() {
        let (setup, problems) = SoundPlayer.setup(SoundSettings(alsaDevice: "default", ringCadence: .custom([10, 10])), device: nil)
        #expect(setup.choices.cadence == .us)
        #expect(problems.map(\.output) == [.cadence])
    }
}

/// A 16-bit mono WAV file's bytes.
func wavBytes(rate: Int, data: [UInt8]) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16((value >> 16) & 0xFFFF) }
    let format = le16(1) + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16)
    let body = Array("WAVEfmt ".utf8) + le32(16) + format + Array("data".utf8) + le32(data.count) + data
    return Array("RIFF".utf8) + le32(body.count) + body
}
