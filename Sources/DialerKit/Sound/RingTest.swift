// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
import Sound

/// `t9dial ring`: one ring on every ringer configured, to test the wiring.
public enum RingTest {
    /// What `ring` found.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Rings one cadence cycle of `settings` (with `device` over `[sound] device`, "none" for
    /// no ALSA device) on the ALSA device, the beeper and the LEDs, and returns what was rung
    /// once it has been heard ("ALSA device default, LED bell"). Nothing to ring, or a ringer
    /// that did not ring, is a `Failure` saying which, why, and what to do. Blocks for the
    /// ring's length: a command's, never the dialer's loop.
    public static func ring(_ settings: SoundSettings, device: String? = nil, configFile: String?) throws(Failure) -> String {
        let settings = settings.overriding(device: device)
        let rung =
            [settings.alsaDevice.map { "ALSA device \($0)" }, settings.beeper.map { "beeper \($0)" }].compactMap { $0 }
            + settings.leds.map { "LED \($0)" }
        guard !rung.isEmpty else {
            throw Failure(
                description: "nothing to ring: \(configFile ?? "the config") names no ringer; in its [sound] table set device "
                    + "(an ALSA device: \"default\", or one of aplay -L), beeper (an EV_SND input device) or leds "
                    + "(names of /sys/class/leds), or give --sound DEVICE; man t9dial.toml has each")
        }
        let problems = SoundPlayer.ringOnce(settings: settings, device: nil)
        guard problems.isEmpty else {
            throw Failure(description: "the ring did not play everywhere:\n" + problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        return rung.joined(separator: ", ")
    }
}
