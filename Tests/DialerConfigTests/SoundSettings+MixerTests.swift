// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("[sound] mixer settings")
struct SoundSettingsMixerTests {
    @Test(
        "The mixer is the one written, else the card of the device, else none",
        arguments: [
            ("", nil),
            ("[sound]\ndevice = \"plughw:1,0\"\n", "hw:1"),
            ("[sound]\ndevice = \"hw:CARD=PCH,DEV=0\"\n", "hw:PCH"),
            ("[sound]\ndevice = \"sysdefault:2\"\n", "hw:2"),
            ("[sound]\ndevice = \"default\"\n", "default"),
            ("[sound]\ndevice = \"dmixed\"\n", "default"),
            ("[sound]\ndevice = \"plughw:1,0\"\nmixer = \"default\"\n", "default"),
            ("[sound]\nmixer = \"hw:CARD=USB\"\n", "hw:CARD=USB"),
            ("[sound]\ndevice = \"default\"\nmixer = \"none\"\n", nil),
            ("[sound]\ndevice = \"default\"\nmixer = \"\"\n", nil),
        ] as [(String, String?)]
    )
    func mixerCard(text: String, card: String?) throws {
        #expect(try SoundSettingsTests.parse(text).mixerCard == card)
    }

    @Test("The controls are read as written, and found by themselves when not")
    func controls() throws {
        let written = try SoundSettingsTests.parse("[sound]\nvolume_control = \"Speaker\"\ncapture_control = \"Mic\"\n")
        #expect(written.volumeControl == "Speaker" && written.captureControl == "Mic")
        let unset = try SoundSettingsTests.parse("[sound]\n")
        #expect(unset.volumeControl == nil && unset.captureControl == nil && unset.mixer == nil)
    }

    @Test(
        "A bad mixer or control is refused at its line",
        arguments: [
            ("[sound]\nmixer = \"hw:\\u0007\"\n", "sound.mixer", "without control characters"),
            ("[sound]\nmixer = \"" + String(repeating: "m", count: 257) + "\"\n", "sound.mixer", "at most 256 bytes"),
            ("[sound]\nmixer = 0\n", "sound.mixer", "must be a string"),
            ("[sound]\nvolume_control = \"\"\n", "sound.volume_control", "1 to 43 bytes"),
            ("[sound]\nvolume_control = \"" + String(repeating: "v", count: 44) + "\"\n", "sound.volume_control", "1 to 43 bytes"),
            ("[sound]\ncapture_control = \"Mic\\n\"\n", "sound.capture_control", "without control characters"),
            ("[sound]\ncapture_control = [\"Mic\"]\n", "sound.capture_control", "must be a string"),
        ]
    )
    func badValue(text: String, key: String, message: String) {
        #expect {
            try SoundSettingsTests.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 2 && error.key == key && error.description.contains(message)
        }
    }
}
