// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Diagnostics
import Sound

/// Opens a sound output as the player opens it (`SoundPlayer.check`), and closes it at once,
/// for `config check` and `doctor` (`RunReaders.soundProblem`): what is wrong with it and what
/// to do, or nil.
enum SoundOutputProbe {
    @Sendable static func problem(_ output: SoundOutput) -> String? {
        var settings = SoundSettings()
        switch output {
        case .alsa(let name): settings.alsaDevice = name
        case .beeper(let path): settings.beeper = path
        case .led(let name): settings.leds = [name]
        }
        return SoundPlayer.check(settings: settings).first.map { "\($0.reason); \($0.remedy)" }
    }

    /// Opens the mixer of `choice` as the volume and mute keys open it (`AlsaCallMixer`), and
    /// finds its controls.
    @Sendable static func mixerControls(_ choice: MixerChoice) -> MixerControls {
        let found = AlsaCallMixer(card: choice.card, volumeControl: choice.volumeControl, captureControl: choice.captureControl).check()
        func control(_ result: Result<String, SoundProblem>) -> MixerControls.Found {
            switch result {
            case .success(let name): .control(name)
            case .failure(let problem): .problem(reason: problem.reason, remedy: problem.remedy)
            }
        }
        return MixerControls(volume: control(found.volume), capture: control(found.capture))
    }
}
