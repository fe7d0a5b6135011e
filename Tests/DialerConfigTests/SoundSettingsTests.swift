// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("[sound] settings")
struct SoundSettingsTests {
    static func parse(_ text: String) throws -> SoundSettings {
        try DialerConfiguration.parse(text: text, file: "/etc/t9dial/t9dial.toml", environment: ["HOME": "/home/ann"]).sound
    }

    @Test("Defaults: no ringer, US ring and tones, 80% ring, 50% tones, DTMF keys")
    func defaults() throws {
        let settings = try Self.parse("")
        #expect(settings == SoundSettings())
        #expect(settings.alsaDevice == nil && settings.beeper == nil && settings.leds.isEmpty && !settings.hasRinger)
        #expect(settings.ringCadence == .us && settings.cadenceMilliseconds == [2000, 4000])
        #expect(settings.ringVolume == 0.8 && settings.toneVolume == 0.5 && settings.keyTones == .dtmf && settings.country == .us)
    }

    @Test("Every key is read; paths are expanded, volumes are percent")
    func everyKey() throws {
        let settings = try Self.parse(
            """
            [sound]
            device = "plughw:1,0"
            ringtone = "~/ring.wav"
            ring = [1000, 3000]
            ring_volume = 100
            tone_volume = 0
            key_tones = "click"
            country = "europe"
            beeper = "beeper-event"
            leds = ["bell", "/sys/class/leds/lamp"]
            """
        )
        #expect(
            settings
                == SoundSettings(
                    alsaDevice: "plughw:1,0", ringtone: "/home/ann/ring.wav", ringCadence: .custom([1000, 3000]), ringVolume: 1,
                    toneVolume: 0, keyTones: .click, country: .europe, beeper: "/etc/t9dial/beeper-event",
                    leds: ["bell", "/sys/class/leds/lamp"]
                ))
        #expect(settings.hasRinger)
        #expect(settings.leds.map(SoundSettings.ledDirectory) == ["/sys/class/leds/bell", "/sys/class/leds/lamp"])
    }

    @Test(
        "A ring is a country's cadence or lengths written",
        arguments: [
            (#""us""#, [2000, 4000]), (#""uk""#, [400, 200, 400, 2000]), ("[50, 10000]", [50, 10000]),
            ("[" + Array(repeating: "100", count: 16).joined(separator: ", ") + "]", Array(repeating: 100, count: 16)),
        ]
    )
    func ring(written: String, lengths: [Int]) throws {
        #expect(try Self.parse("[sound]\nring = \(written)\n").cadenceMilliseconds == lengths)
    }

    @Test("\"none\" and \"\" are no ALSA device", arguments: [#""none""#, #""""#])
    func noDevice(written: String) throws {
        #expect(try Self.parse("[sound]\ndevice = \(written)\n").alsaDevice == nil)
    }

    @Test(
        "--sound over [sound] device: a name replaces it, none removes it, nothing keeps it",
        arguments: [(nil, "default"), ("none", nil), ("plughw:1,0", "plughw:1,0")] as [(String?, String?)]
    )
    func overridingDevice(given: String?, device: String?) {
        let settings = SoundSettings(alsaDevice: "default", leds: ["bell"]).overriding(device: given)
        #expect(settings.alsaDevice == device)
        #expect(settings.leds == ["bell"])
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[sound]\nkey_tones = \"beep\"\n", 2, "sound.key_tones", #"must be "dtmf", "click" or "off", not "beep""#),
            ("[sound]\ncountry = \"fr\"\n", 2, "sound.country", #"must be "us", "uk" or "europe", not "fr""#),
            ("[sound]\nring = \"de\"\n", 2, "sound.ring", #"must be "us", "uk" or a list of on and off lengths"#),
            ("[sound]\nring = 2000\n", 2, "sound.ring", "found the whole number 2000"),
            ("[sound]\nring = [2000]\n", 2, "sound.ring", "a cadence has 2 to 16 lengths (on, off, ...), not 1"),
            ("[sound]\nring = [400, 200, 400]\n", 2, "sound.ring", "an even count of lengths, on and off in pairs, not 3"),
            ("[sound]\nring = [" + Array(repeating: "100", count: 18).joined(separator: ", ") + "]\n", 2, "sound.ring", "not 18"),
            ("[sound]\nring = [2000, 40]\n", 2, "sound.ring", "length 2 of the cadence is 40 ms; each must be 50 to 10000 ms"),
            ("[sound]\nring = [20000, 4000]\n", 2, "sound.ring", "length 1 of the cadence is 20000 ms"),
            (
                "[sound]\nring = [" + Array(repeating: "10000", count: 8).joined(separator: ", ") + "]\n", 2, "sound.ring",
                "the cadence's cycle is 80000 ms; at most 60000 ms"
            ),
            ("[sound]\nring = [\"2s\", 4000]\n", 2, "sound.ring", #"found the string "2s""#),
            ("[sound]\nring_volume = 101\n", 2, "sound.ring_volume", "must be from 0 to 100; found 101"),
            ("[sound]\ntone_volume = -1\n", 2, "sound.tone_volume", "must be from 0 to 100; found -1"),
            ("[sound]\ntone_volume = 0.5\n", 2, "sound.tone_volume", "must be a whole number"),
            ("[sound]\ndevice = \"hw:\\u0007\"\n", 2, "sound.device", "without control characters"),
            ("[sound]\ndevice = \"" + String(repeating: "d", count: 257) + "\"\n", 2, "sound.device", "at most 256 bytes"),
            ("[sound]\ndevice = 1\n", 2, "sound.device", "must be a string"),
            ("[sound]\nleds = [\"a/b\"]\n", 2, "sound.leds", #"has "a/b", which is not an LED"#),
            ("[sound]\nleds = [\"\"]\n", 2, "sound.leds", "which is not an LED"),
            ("[sound]\nleds = [\"/sys/class/leds/..\"]\n", 2, "sound.leds", "which is not an LED"),
            ("[sound]\nleds = \"bell\"\n", 2, "sound.leds", "must be a list of strings"),
            (
                "[sound]\nleds = [" + (1...9).map { "\"l\($0)\"" }.joined(separator: ", ") + "]\n", 2, "sound.leds",
                "names 9 LEDs; at most 8 ring at once"
            ),
            ("\n[sound]\nvolume = 3\n", 3, "sound.volume", "unknown key"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "/etc/t9dial/t9dial.toml" && error.line == line && error.key == key && error.description.contains(message)
        }
    }
}
