// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig

/// `--sound`: the ALSA device the ring and the tones play on, over `[sound] device`.
struct SoundOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The ALSA device the ring and the tones play on (default, plughw:1,0; aplay -L lists them), or none; overrides [sound] device.",
            valueName: "device"
        )
    )
    var sound: String?

    func validate() throws {
        guard let sound else { return }
        if let problem = Self.problem(sound) { throw ValidationError(problem) }
    }

    /// What is wrong with `device` as a `--sound` value, nil when nothing is.
    static func problem(_ device: String) -> String? {
        if device.isEmpty { return "--sound needs an ALSA device name (default, plughw:1,0) or none" }
        if device.utf8.count > SoundSettings.deviceNameLimit || device.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "--sound must be an ALSA device name of at most \(SoundSettings.deviceNameLimit) bytes without control characters, or none"
        }
        return nil
    }
}
