// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

@Suite struct SoundPlanTests {
    static let everything = SoundChoices(speaker: true, beeper: true, lamps: true)

    @Test func aRingPlaysOnEveryOutputWithTheCadence() throws {
        let plan = try #require(SoundPlan(cue: .ring, choices: Self.everything))
        let ring = [ToneSegment([440, 480], milliseconds: 2000), .silence(4000)]
        #expect(plan.audio == .tones(ring))
        #expect(plan.beeps == [ToneSegment([480], milliseconds: 2000), .silence(4000)])
        #expect(plan.lamps == ring)
        #expect(plan.cycleMilliseconds == 6000)
        #expect(plan.totalMilliseconds == SoundPlan.maxLastingMilliseconds)
    }

    @Test func aRingtoneReplacesTheRingsTonesOnTheSpeakerOnly() throws {
        let clip = PCMClip(rate: 48_000, samples: [1, 2, 3])
        var choices = Self.everything
        choices.ringtone = clip
        choices.cadence = .uk
        let plan = try #require(SoundPlan(cue: .ring, choices: choices))
        #expect(plan.audio == .clip(clip))
        #expect(plan.lamps == Cadence.uk.segments(sounding: [440, 480]))
    }

    @Test(arguments: [
        (SoundCue.key("5"), SoundChoices.KeyTone.dtmf, CallProgress.Country.us, [ToneSegment([770, 1336], milliseconds: 100)], 1),
        (.key("#"), .click, .us, [ToneSegment([2000], milliseconds: 15)], 1),
        (.dialTone, .dtmf, .us, [ToneSegment([350, 440], milliseconds: 1000)], 300),
        (.dialTone, .dtmf, .uk, [ToneSegment([350, 450], milliseconds: 1000)], 300),
        (.dialTone, .dtmf, .europe, [ToneSegment([425], milliseconds: 1000)], 300),
        (.busy, .dtmf, .us, [ToneSegment([480, 620], milliseconds: 500), .silence(500)], 4),
        (.busy, .dtmf, .uk, [ToneSegment([400], milliseconds: 375), .silence(375)], 4),
        (.busy, .dtmf, .europe, [ToneSegment([425], milliseconds: 500), .silence(500)], 4),
        (.failed, .dtmf, .europe, [ToneSegment([425], milliseconds: 250), .silence(250)], 4),
        (.failed, .dtmf, .us, [ToneSegment([480, 620], milliseconds: 250), .silence(250)], 4),
        (.callEnded, .dtmf, .uk, [ToneSegment([400, 450], milliseconds: 300)], 1),
        (.callWaiting, .dtmf, .us, [ToneSegment([440], milliseconds: 300), .silence(9700)], 30),
        (
            .callWaiting, .dtmf, .uk, [ToneSegment([400], milliseconds: 100), .silence(2500), ToneSegment([400], milliseconds: 100), .silence(7300)],
            30
        ),
        (
            .callWaiting, .dtmf, .europe,
            [ToneSegment([425], milliseconds: 200), .silence(200), ToneSegment([425], milliseconds: 200), .silence(9400)], 30
        ),
    ])
    func tonesPlayOnTheSpeaker(cue: SoundCue, keyTone: SoundChoices.KeyTone, country: CallProgress.Country, tones: [ToneSegment], cycles: Int)
        throws
    {
        let choices = SoundChoices(speaker: true, beeper: true, lamps: true, keyTone: keyTone, country: country)
        let plan = try #require(SoundPlan(cue: cue, choices: choices))
        #expect(plan.audio == .tones(tones))
        #expect(plan.beeps == nil)
        #expect(plan.lamps == nil)
        #expect(plan.cycles == cycles)
    }

    @Test func withoutASpeakerTonesPlayOnTheBeeperAtTheHigherFrequency() throws {
        let plan = try #require(SoundPlan(cue: .key("1"), choices: SoundChoices(speaker: false, beeper: true, lamps: true)))
        #expect(plan.audio == nil)
        #expect(plan.beeps == [ToneSegment([1209], milliseconds: 100)])
        #expect(plan.lamps == nil)
    }

    @Test(arguments: [
        (SoundCue.quiet, SoundChoices(speaker: true, beeper: true, lamps: true)),
        (.key("5"), SoundChoices(speaker: true, beeper: true, lamps: true, keyTone: .off)),
        (.key("x"), SoundChoices(speaker: true, beeper: true, lamps: true)),
        (.busy, SoundChoices(speaker: false, beeper: false, lamps: true)),
        (.ring, SoundChoices(speaker: false, beeper: false, lamps: false)),
    ])
    func cuesWithNothingToPlayHaveNoPlan(cue: SoundCue, choices: SoundChoices) {
        #expect(SoundPlan(cue: cue, choices: choices) == nil)
    }

    @Test(arguments: [
        (0, 0, 400), (399, 0, 400), (400, 1, 600), (599, 1, 600), (600, 2, 1000), (2999, 3, 3000), (3000, 0, 3400), (5999, 3, 6000),
    ])
    func aTimeFindsItsSegmentInEveryCycle(time: Int, index: Int, endsAt: Int) throws {
        let segments = Cadence.uk.segments(sounding: [400])
        let plan = SoundPlan(audio: nil, beeps: nil, lamps: segments, cycleMilliseconds: 3000, cycles: 2)
        let found = try #require(plan.segment(of: segments, at: time))
        #expect(found.index == index)
        #expect(found.endsAt == endsAt)
    }

    @Test func pastTheEndThereIsNoSegment() {
        let segments = Cadence.uk.segments(sounding: [400])
        let plan = SoundPlan(audio: nil, beeps: nil, lamps: segments, cycleMilliseconds: 3000, cycles: 2)
        #expect(plan.segment(of: segments, at: 6000) == nil)
        #expect(plan.segment(of: segments, at: -1) == nil)
    }
}
