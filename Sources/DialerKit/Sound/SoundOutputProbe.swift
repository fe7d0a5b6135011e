// SPDX-License-Identifier: Apache-2.0

import Diagnostics
import Sound

/// Opens a sound output as the player opens it, and closes it at once, for `config check` and
/// `doctor` (`RunReaders.soundProblem`): what is wrong with it and what to do, or nil.
enum SoundOutputProbe {
    @Sendable static func problem(_ output: SoundOutput) -> String? {
        do throws(SoundProblem) {
            switch output {
            case .alsa(let name): _ = try AlsaPCM(name: name, rate: SoundPlayer.rate)
            case .beeper(let path): _ = try Beeper(path: path)
            case .led(let name): _ = try LEDLamp(name)
            }
            return nil
        } catch {
            return "\(error.reason); \(error.remedy)"
        }
    }
}
