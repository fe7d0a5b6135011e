// SPDX-License-Identifier: Apache-2.0

/// What every output does for one cue, as data with time in it: the player's thread only
/// follows it, so when each sound starts and stops is tested here with plain values.
///
/// Every output follows one cycle, repeated `cycles` times from the same start: the speaker
/// plays tones or a ringtone, a beeper one frequency at a time, lamps on and off.
public struct SoundPlan: Sendable, Hashable {
    /// What the speaker plays in one cycle.
    public enum Audio: Sendable, Hashable {
        /// Tones and silences, one after the other.
        case tones([ToneSegment])
        /// A recording from the start of the cycle, cut at its end, silence after it when
        /// shorter.
        case clip(PCMClip)
    }

    /// One cycle for the speaker; nil when no speaker plays this cue.
    public var audio: Audio?
    /// One cycle for a beeper, each segment one frequency or silence; nil when no beeper
    /// plays.
    public var beeps: [ToneSegment]?
    /// One cycle for the lamps, on where a segment sounds; nil when no lamp lights.
    public var lamps: [ToneSegment]?
    public var cycleMilliseconds: Int
    /// How many times the cycle is played.
    public var cycles: Int

    /// The longest a lasting sound (a ring, the dial tone, the call-waiting tone) plays when no
    /// cue stops it, in
    /// milliseconds: a lost `quiet` never leaves a phone ringing for ever.
    public static let maxLastingMilliseconds = 300_000
    /// Cycles of the busy and error tones.
    public static let busyCycles = 4
    /// A DTMF key tone, in milliseconds.
    public static let keyMilliseconds = 100
    /// A key's click, in milliseconds, and its pitch in hertz.
    public static let clickMilliseconds = 15
    public static let clickHertz = 2_000.0

    public init(audio: Audio?, beeps: [ToneSegment]?, lamps: [ToneSegment]?, cycleMilliseconds: Int, cycles: Int) {
        self.audio = audio
        self.beeps = beeps
        self.lamps = lamps
        self.cycleMilliseconds = cycleMilliseconds
        self.cycles = cycles
    }

    /// The whole sound, every cycle.
    public var totalMilliseconds: Int { cycleMilliseconds * cycles }

    /// The plan for a cue; nil for `quiet`, and for a cue nothing configured plays (a key with
    /// key tones off, a tone with no speaker and no beeper, a key not on a DTMF keypad).
    ///
    /// The ring plays on every output; tones play on the speaker, or on the beeper when there
    /// is no speaker, never on lamps.
    public init?(cue: SoundCue, choices: SoundChoices) {
        let tones: [ToneSegment]
        let cycles: Int
        switch cue {
        case .quiet: return nil
        case .ring:
            let ring = choices.cadence.segments(sounding: CallProgress.ringFrequencies(choices.country))
            let cycle = choices.cadence.cycleMilliseconds
            let audio: Audio? =
                !choices.speaker ? nil : choices.ringtone.map { .clip($0) } ?? .tones(ring)
            guard choices.speaker || choices.beeper || choices.lamps else { return nil }
            self.init(
                audio: audio, beeps: choices.beeper ? ring.map(Self.beep) : nil, lamps: choices.lamps ? ring : nil,
                cycleMilliseconds: cycle, cycles: Self.lasting(cycle))
            return
        case .key(let key):
            switch choices.keyTone {
            case .off: return nil
            case .click: tones = [ToneSegment([Self.clickHertz], milliseconds: Self.clickMilliseconds)]
            case .dtmf:
                guard let pair = DTMF.pair(key) else { return nil }
                tones = [ToneSegment([pair.row, pair.column], milliseconds: Self.keyMilliseconds)]
            }
            cycles = 1
        case .dialTone:
            tones = CallProgress.dialTone(choices.country)
            cycles = Self.lasting(tones.reduce(0) { $0 + $1.milliseconds })
        case .callEnded:
            tones = CallProgress.callEnded(choices.country)
            cycles = 1
        case .callWaiting:
            let burst = CallProgress.callWaiting(choices.country)
            let rest = CallProgress.callWaitingRepeatMilliseconds - burst.reduce(0) { $0 + $1.milliseconds }
            tones = burst + (rest > 0 ? [.silence(rest)] : [])
            cycles = Self.lasting(CallProgress.callWaitingRepeatMilliseconds)
        case .busy:
            tones = CallProgress.busy(choices.country)
            cycles = Self.busyCycles
        case .failed:
            tones = CallProgress.congestion(choices.country)
            cycles = Self.busyCycles
        }
        let cycle = tones.reduce(0) { $0 + $1.milliseconds }
        if choices.speaker {
            self.init(audio: .tones(tones), beeps: nil, lamps: nil, cycleMilliseconds: cycle, cycles: cycles)
        } else if choices.beeper {
            self.init(audio: nil, beeps: tones.map(Self.beep), lamps: nil, cycleMilliseconds: cycle, cycles: cycles)
        } else {
            return nil
        }
    }

    /// The cycles a lasting sound plays: up to `maxLastingMilliseconds`.
    private static func lasting(_ cycle: Int) -> Int {
        max(1, maxLastingMilliseconds / max(1, cycle))
    }

    /// A segment as a beeper plays it: one frequency, the highest of a pair (a DTMF key's
    /// column tells keys apart best; a ring's higher tone carries furthest).
    public static func beep(_ segment: ToneSegment) -> ToneSegment {
        ToneSegment(segment.frequencies.max().map { [$0] } ?? [], milliseconds: segment.milliseconds)
    }

    /// Where a time falls in a cycle of segments: the segment's index and when it ends, both
    /// from the start of the sound (the cycles repeat); nil past the end of the sound.
    public func segment(of segments: [ToneSegment], at milliseconds: Int) -> (index: Int, endsAt: Int)? {
        guard milliseconds >= 0, milliseconds < totalMilliseconds, cycleMilliseconds > 0 else { return nil }
        let cycleStart = milliseconds - milliseconds % cycleMilliseconds
        var end = cycleStart
        for (index, segment) in segments.enumerated() {
            end += segment.milliseconds
            if milliseconds < end { return (index, end) }
        }
        // Past the segments but inside the cycle (segments shorter than it): silence to its end.
        return nil
    }
}
