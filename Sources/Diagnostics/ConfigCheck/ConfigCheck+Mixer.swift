// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// The check of the mixer of `[sound]` (`mixer`, `volume_control`, `capture_control`): the
/// card opens and has the controls a call's volume and mute keys change when the line cannot.
/// Each is a warning: the keys then say "not on this line", and a card may be plugged in later.
extension ConfigCheck {
    func mixerFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        guard let choice = MixerChoice(configuration.sound), let controls = readers.mixerControls?(choice) else { return [] }
        let keys = "volume and mute keys the line cannot do say \"not on this line\""
        func warn(_ key: String, _ message: String) -> ConfigFinding {
            .warning(configuration.location(of: "sound." + key), message)
        }
        switch (controls.volume, controls.capture) {
        case (.problem(let reason, let remedy), let capture) where capture == controls.volume:
            // The card itself: it did not open.
            return [warn("mixer", "the mixer \(choice.card): \(reason); until it opens, the \(keys); \(remedy)")]
        case (let volume, let capture):
            var findings: [ConfigFinding] = []
            if case .problem(let reason, let remedy) = volume {
                findings.append(warn("volume_control", "the mixer \(choice.card) for the volume keys: \(reason); \(remedy)"))
            }
            if case .problem(let reason, let remedy) = capture {
                findings.append(warn("capture_control", "the mixer \(choice.card) for the mute key: \(reason); \(remedy)"))
            }
            return findings
        }
    }
}

extension MixerChoice {
    /// The mixer `settings` name, nil for none (`SoundSettings.mixerCard`).
    public init?(_ settings: SoundSettings) {
        guard let card = settings.mixerCard else { return nil }
        self.init(card: card, volumeControl: settings.volumeControl, captureControl: settings.captureControl)
    }
}
