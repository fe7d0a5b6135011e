// SPDX-License-Identifier: Apache-2.0

/// What the `[sound]` settings choose, in the words of this module: which outputs exist and
/// what each cue sounds like on them. The sound player makes it from the config.
public struct SoundChoices: Sendable, Hashable {
    /// What a key press plays.
    public enum KeyTone: Sendable, Hashable {
        case dtmf
        case click
        case off
    }

    /// Whether a speaker (an ALSA device) plays.
    public var speaker: Bool
    /// Whether a kernel beeper plays.
    public var beeper: Bool
    /// Whether lamps (LED class devices) flash the ring.
    public var lamps: Bool
    public var cadence: Cadence
    /// A ringtone played from the start of each cadence cycle instead of the ring's tones.
    public var ringtone: PCMClip?
    public var keyTone: KeyTone
    public var country: CallProgress.Country

    public init(
        speaker: Bool, beeper: Bool, lamps: Bool, cadence: Cadence = .us, ringtone: PCMClip? = nil, keyTone: KeyTone = .dtmf,
        country: CallProgress.Country = .us
    ) {
        self.speaker = speaker
        self.beeper = beeper
        self.lamps = lamps
        self.cadence = cadence
        self.ringtone = ringtone
        self.keyTone = keyTone
        self.country = country
    }
}
