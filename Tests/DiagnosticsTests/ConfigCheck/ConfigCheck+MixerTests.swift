// SPDX-License-Identifier: Apache-2.0

@testable import Diagnostics
import DialerConfig
import Testing

@Suite("ConfigCheck: the mixer of [sound]")
struct ConfigCheckMixerTests {
    /// Readers whose mixer has `volume` and `capture`, and whose ALSA devices open.
    static func readers(volume: MixerControls.Found, capture: MixerControls.Found) -> RunReaders {
        RunReaders(
            fontProblem: RunReaders.dialerKit.fontProblem, soundProblem: { _ in nil },
            mixerControls: { _ in MixerControls(volume: volume, capture: capture) })
    }

    static let noCard = MixerControls.Found.problem(reason: "no such card", remedy: "list the cards with `aplay -l`")

    /// A key not written is said at its table's line.
    @Test(
        "A card that does not open, or a control it does not have, is a warning at its line",
        arguments: [
            (
                "[sound]\nmixer = \"hw:7\"\n", noCard, noCard, ["sound.mixer"], 3,
                "the mixer hw:7: no such card; until it opens, the volume and mute keys the line cannot do say \"not on this line\"; list the cards"
            ),
            (
                "[sound]\ndevice = \"default\"\nvolume_control = \"Speaker\"\n",
                .problem(reason: "it has no control \"Speaker\" with a playback volume", remedy: "set [sound] volume_control"),
                .control("Capture"), ["sound.volume_control"], 4, "the mixer default for the volume keys: it has no control \"Speaker\""
            ),
            (
                "[sound]\nmixer = \"hw:1\"\n", .control("Master"), .problem(reason: "it has no control with a capture switch", remedy: "set it"),
                ["sound.capture_control"], 2, "the mixer hw:1 for the mute key: it has no control with a capture switch; set it"
            ),
            ("[sound]\nmixer = \"hw:1\"\n", .control("Master"), .control("Capture"), [], 0, ""),
        ] as [(String, MixerControls.Found, MixerControls.Found, [String], Int, String)]
    )
    func findings(text: String, volume: MixerControls.Found, capture: MixerControls.Found, keys: [String], line: Int, message: String) throws {
        let findings = try ConfigCheckSoundTests().check(text, readers: Self.readers(volume: volume, capture: capture))
        #expect(findings.map(\.error.key) == keys)
        #expect(findings.allSatisfy { $0.severity == .warning && $0.error.line == line })
        if let finding = findings.first { #expect(finding.error.message.hasPrefix(message), "\(finding)") }
    }

    @Test("No mixer, or one found from a device that does not open, is not checked again")
    func notChecked() throws {
        let readers = Self.readers(volume: Self.noCard, capture: Self.noCard)
        #expect(try ConfigCheckSoundTests().check("[sound]\nmixer = \"none\"\n", readers: readers).isEmpty)
        #expect(try ConfigCheckSoundTests().check("", readers: readers).isEmpty)
        var failing = readers
        failing.soundProblem = { _ in "it is busy" }
        let findings = try ConfigCheckSoundTests().check("[sound]\ndevice = \"plughw:1,0\"\n", readers: failing)
        #expect(findings.map(\.error.key) == ["sound.device"])
    }
}
