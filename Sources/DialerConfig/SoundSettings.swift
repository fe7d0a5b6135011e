// SPDX-License-Identifier: Apache-2.0

/// The `[sound]` table of t9dial.toml: where the ring and the tones are played, and how.
/// Every output is optional; several ringers ring at once.
public struct SoundSettings: Sendable, Hashable {
    /// What a key press plays.
    public enum KeyTones: String, Sendable, Hashable, CaseIterable {
        /// The key's DTMF pair, about 100 ms.
        case dtmf
        /// A short click.
        case click
        /// Nothing.
        case off
    }

    /// Whose call-progress tones (dial, busy, error, ring-back) are played.
    public enum Country: String, Sendable, Hashable, CaseIterable {
        /// North America: dial 350+440 Hz, busy 480+620 Hz 0.5 s on/off.
        case us
        /// The United Kingdom: dial 350+450 Hz, busy 400 Hz 0.375 s on/off.
        case uk
        /// Much of Europe (ETSI): 425 Hz.
        case europe
    }

    /// How a ring is cut into sound and silence.
    public enum RingCadence: Sendable, Hashable {
        /// 2 s on, 4 s off.
        case us
        /// 0.4 s on, 0.2 s off, 0.4 s on, 2 s off.
        case uk
        /// Alternating on and off lengths in milliseconds, starting with on.
        case custom([Int])
    }

    /// The ALSA PCM the ring and the tones play on (`default`, `plughw:1,0`, a `dmix`); nil
    /// plays nothing through ALSA.
    public var alsaDevice: String?
    /// A WAV file rung instead of the ring tone; nil rings with tones.
    public var ringtone: String?
    public var ringCadence: RingCadence
    /// 0 (silent) to 1 (full scale).
    public var ringVolume: Double
    /// 0 (silent) to 1 (full scale), for key and call-progress tones.
    public var toneVolume: Double
    public var keyTones: KeyTones
    public var country: Country
    /// An input device that takes `EV_SND` (pcspkr, pwm-beeper, gpio-beeper), rung with the
    /// cadence; nil for none.
    public var beeper: String?
    /// LED class devices (`/sys/class/leds/NAME`, or NAME) switched on and off with the
    /// cadence: a bell relay, a buzzer or a lamp on a GPIO line.
    public var leds: [String]

    public init(
        alsaDevice: String? = nil,
        ringtone: String? = nil,
        ringCadence: RingCadence = .us,
        ringVolume: Double = 0.8,
        toneVolume: Double = 0.5,
        keyTones: KeyTones = .dtmf,
        country: Country = .us,
        beeper: String? = nil,
        leds: [String] = []
    ) {
        self.alsaDevice = alsaDevice
        self.ringtone = ringtone
        self.ringCadence = ringCadence
        self.ringVolume = ringVolume
        self.toneVolume = toneVolume
        self.keyTones = keyTones
        self.country = country
        self.beeper = beeper
        self.leds = leds
    }
}
