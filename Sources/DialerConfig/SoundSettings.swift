// SPDX-License-Identifier: Apache-2.0

import Tones

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
    /// The ALSA control device whose mixer a call's volume and mute keys change when the line
    /// cannot (`default`, `hw:1`); nil: the card of `alsaDevice`, if any; `"none"`: no mixer
    /// (`mixerCard`).
    public var mixer: String?
    /// The mixer's playback volume control (`Master`, `PCM`, `Speaker`); nil: found by itself.
    public var volumeControl: String?
    /// The mixer's capture switch (`Capture`, `Mic`); nil: found by itself.
    public var captureControl: String?

    public init(
        alsaDevice: String? = nil,
        ringtone: String? = nil,
        ringCadence: RingCadence = .us,
        ringVolume: Double = 0.8,
        toneVolume: Double = 0.5,
        keyTones: KeyTones = .dtmf,
        country: Country = .us,
        beeper: String? = nil,
        leds: [String] = [],
        mixer: String? = nil,
        volumeControl: String? = nil,
        captureControl: String? = nil
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
        self.mixer = mixer
        self.volumeControl = volumeControl
        self.captureControl = captureControl
    }
}

extension SoundSettings {
    static let tableName = "sound"
    static let keys = [
        "device", "ringtone", "ring", "ring_volume", "tone_volume", "key_tones", "country", "beeper", "leds", "mixer", "volume_control",
        "capture_control",
    ]

    /// What `device` is written as for no ALSA output; `""` says the same.
    public static let noDevice = "none"
    /// The longest ALSA PCM name taken; names are short (`plughw:1,0`, a `dmix` of .asoundrc).
    public static let deviceNameLimit = 256
    /// The most LEDs rung at once.
    public static let ledLimit = 8
    /// Where LED class devices are.
    public static let ledFolder = "/sys/class/leds/"

    /// The folder of the LED class device `led`, written as NAME or `/sys/class/leds/NAME`.
    public static func ledDirectory(_ led: String) -> String {
        led.hasPrefix("/") ? led : ledFolder + led
    }

    /// The on and off lengths of the ring in milliseconds, starting with on: what `us` and
    /// `uk` stand for, or the lengths written.
    public var cadenceMilliseconds: [Int] {
        switch ringCadence {
        case .us: [2000, 4000]
        case .uk: [400, 200, 400, 2000]
        case .custom(let lengths): lengths
        }
    }

    /// These settings with `device` over `[sound] device`, as `--sound` gives it: a PCM's
    /// name, or "none" for no ALSA device; nil keeps the config's.
    public func overriding(device: String?) -> SoundSettings {
        guard let device else { return self }
        var settings = self
        settings.alsaDevice = device == Self.noDevice || device.isEmpty ? nil : device
        return settings
    }

    /// Whether anything rings: an ALSA device, a beeper or an LED.
    public var hasRinger: Bool { alsaDevice != nil || beeper != nil || !leds.isEmpty }

    /// Reads and checks `[sound]`; keys not written keep their defaults.
    init(reading table: TableReader, home: String?) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)
        if let name = try table.string("device", example: #"device = "default""#) {
            alsaDevice = try Self.device(name, table: table)
        }
        if let path = try table.string("ringtone", example: #"ringtone = "/usr/share/sounds/ring.wav""#), !path.isEmpty {
            ringtone = PathExpansion.expand(path, configFile: table.document.file, home: home)
        }
        if let cadence = try Self.cadence(table) { ringCadence = cadence }
        if let percent = try table.integer(
            "ring_volume", in: 0...100, example: "ring_volume = 80", meaning: "the ring's volume in percent")
        {
            ringVolume = Double(percent) / 100
        }
        if let percent = try table.integer(
            "tone_volume", in: 0...100, example: "tone_volume = 50", meaning: "the tones' volume in percent")
        {
            toneVolume = Double(percent) / 100
        }
        if let text = try table.string("key_tones", example: #"key_tones = "dtmf""#) {
            guard let value = KeyTones(rawValue: text) else {
                throw table.error(
                    at: "key_tones",
                    "\(table.subject("key_tones")) must be \"dtmf\", \"click\" or \"off\", not \(TableReader.quoted(text))")
            }
            keyTones = value
        }
        if let text = try table.string("country", example: #"country = "uk""#) {
            guard let value = Country(rawValue: text) else {
                throw table.error(
                    at: "country",
                    "\(table.subject("country")) must be \"us\", \"uk\" or \"europe\", not \(TableReader.quoted(text))")
            }
            country = value
        }
        if let path = try table.string("beeper", example: #"beeper = "/dev/input/by-path/platform-pcspkr-event-spkr""#),
            !path.isEmpty
        {
            beeper = PathExpansion.expand(path, configFile: table.document.file, home: home)
        }
        if let names = try table.strings("leds", example: #"leds = ["bell"]"#) {
            leds = try Self.leds(names, table: table)
        }
        try readMixer(table)
    }

    /// The ALSA PCM `name` names, nil for none (`"none"` or `""`).
    private static func device(_ name: String, table: TableReader) throws(ConfigError) -> String? {
        if name.isEmpty || name == noDevice { return nil }
        guard name.utf8.count <= deviceNameLimit, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw table.error(
                at: "device",
                "\(table.subject("device")) must be an ALSA PCM name of at most \(deviceNameLimit) bytes without control "
                    + "characters (\"default\", \"plughw:1,0\"; aplay -L lists them), or \"none\"")
        }
        return name
    }

    /// `ring`: "us", "uk", or a list of on and off lengths in milliseconds.
    private static func cadence(_ table: TableReader) throws(ConfigError) -> RingCadence? {
        guard let value = table.table.value("ring") else { return nil }
        let allowed = #"must be "us", "uk" or a list of on and off lengths in milliseconds, like ring = [400, 200, 400, 2000]"#
        if let text = value.string {
            switch text {
            case "us": return .us
            case "uk": return .uk
            default: throw table.error(at: "ring", "\(table.subject("ring")) \(allowed); found \(TableReader.quoted(text))")
            }
        }
        guard let items = value.array else {
            throw table.error(at: "ring", "\(table.subject("ring")) \(allowed); found \(TableReader.describe(value))")
        }
        var lengths: [Int] = []
        for (index, item) in items.enumerated() {
            guard let length = item.value.integer.flatMap({ Int(exactly: $0) }) else {
                throw table.error(
                    at: "ring",
                    "\(table.subject("ring")): item \(index + 1) must be a length in milliseconds; found \(TableReader.describe(item.value))")
            }
            lengths.append(length)
        }
        // The player's own limits (Tones' Cadence), said at the line.
        do throws(Cadence.Problem) {
            _ = try Cadence(milliseconds: lengths)
        } catch {
            throw table.error(at: "ring", "\(table.subject("ring")): \(error)")
        }
        return .custom(lengths)
    }

    /// `leds`: names of `/sys/class/leds/`, or paths there.
    private static func leds(_ names: [String], table: TableReader) throws(ConfigError) -> [String] {
        guard names.count <= ledLimit else {
            throw table.error(at: "leds", "\(table.subject("leds")) names \(names.count) LEDs; at most \(ledLimit) ring at once")
        }
        for name in names {
            guard SysfsClassName.isValid(name, in: ledFolder) else {
                throw table.error(
                    at: "leds",
                    "\(table.subject("leds")) has \(TableReader.quoted(name)), which is not an LED: write a name of "
                        + "\(ledFolder) (ls \(ledFolder) lists them) or its path there")
            }
        }
        return names
    }
}
