// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation

/// The check of `[sound]`: the ringtone can be read, and each output is there and opens as the
/// player opens it. Each is a warning: a ringer that cannot play is a notice while t9dial runs,
/// never a failed call, and a device busy now may be free later.
extension ConfigCheck {
    func soundFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        let sound = configuration.sound
        var findings: [ConfigFinding] = []
        func warn(_ key: String, _ message: String) {
            findings.append(.warning(configuration.location(of: "sound." + key), message))
        }
        if let ringtone = sound.ringtone, !isReadableFile(ringtone) {
            warn("ringtone", "\(ringtone) does not exist or cannot be read; the ring is made of tones until it can")
        }
        var deviceOpens = true
        if let device = sound.alsaDevice, let problem = readers.soundProblem?(.alsa(device)) {
            warn("device", "ALSA device \(device) does not open now: \(problem)")
            deviceOpens = false
        }
        if let beeper = sound.beeper {
            if !exists(beeper) {
                warn("beeper", "\(beeper) does not exist; a beeper is an input device that takes EV_SND (ls -l /dev/input/by-path/ | grep spkr)")
            } else if let problem = readers.soundProblem?(.beeper(systemPath(beeper))) {
                warn("beeper", "\(beeper) does not open as a beeper: \(problem)")
            }
        }
        for led in sound.leds {
            let folder = SoundSettings.ledDirectory(led)
            if !exists(folder) {
                warn("leds", "no LED \(led) (\(folder) does not exist); ls \(SoundSettings.ledFolder) lists them")
            } else if let problem = readers.soundProblem?(.led(systemPath(folder))) {
                warn("leds", "LED \(led) cannot be switched: \(problem)")
            }
        }
        // The mixer found from a device that does not open is the device's warning already.
        if deviceOpens || sound.mixer != nil { findings += mixerFindings(configuration) }
        return findings
    }
}

extension ConfigCheck {
    private func isReadableFile(_ path: String) -> Bool {
        FileManager.default.isReadableFile(atPath: systemPath(path))
    }
}
