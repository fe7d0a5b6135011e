// SPDX-License-Identifier: Apache-2.0

@testable import Telephony
import Testing

/// The ALSA devices a baresip config can name, as doctor judges them without opening one:
/// docs/calling.md's choices (a USB headset's card by name, the null device) among them.
@Suite("t9dial doctor: baresip's sound devices")
struct BaresipSoundTests {
    static let cards = AlsaSystem.cards(
        """
         0 [PCH            ]: HDA-Intel - HDA Intel PCH
                              HDA Intel PCH at 0xf7f10000 irq 32
         1 [Headset        ]: USB-Audio - USB Headset
                              Logitech USB Headset at usb-0000:00:14.0-2, full speed

        """)

    @Test(
        "What ALSA lacks to open a device, or nil",
        arguments: [
            ("plughw:CARD=Headset,DEV=0", nil),
            ("plughw:1,0", nil),
            ("hw:PCH", nil),
            ("default", nil),
            ("null", nil),
            ("plughw:CARD=Phone,DEV=0", "there is no sound card Phone (/proc/asound/cards lists 0 PCH, 1 Headset)"),
            ("hw:2", "there is no sound card 2 (/proc/asound/cards lists 0 PCH, 1 Headset)"),
            ("handset", "ALSA has no device handset (looked in alsa-lib's own, /etc/asound.conf)"),
            ("mine", nil),
        ] as [(String, String?)])
    func device(name: String, problem: String?) {
        let alsa = AlsaSystem(cards: Self.cards, configs: [("/etc/asound.conf", "pcm.mine {\n type plug\n slave.pcm \"hw:1\"\n}\n")])
        #expect(alsa.problem(device: name) == problem)
    }

    @Test("With no sound card, default needs an ALSA config that defines it; null needs nothing")
    func noCard() {
        let bare = AlsaSystem(cards: AlsaSystem.cards("--- no soundcards ---\n"), configs: [])
        #expect(bare.problem(device: "default") == "there is no sound card (/proc/asound/cards lists none)")
        #expect(bare.problem(device: "null") == nil)
        let defined = AlsaSystem(cards: [], configs: [("/etc/asound.conf", "pcm.!default { type plug; slave.pcm \"null\" }\n")])
        #expect(defined.problem(device: "default") == nil)
    }

    @Test("A baresip config's values and modules, comments skipped")
    func config() {
        let config = BaresipConfig("# audio_player alsa,old\naudio_player\t\talsa,plughw:CARD=Headset # the headset\nmodule\t\talsa.so\nmodule_app menu.so\n")
        #expect(config.values["audio_player"] == "alsa,plughw:CARD=Headset")
        #expect(config.modules == ["alsa", "menu"])
    }
}
