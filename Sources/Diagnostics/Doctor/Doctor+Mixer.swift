// SPDX-License-Identifier: Apache-2.0

import DialerConfig

/// The check of the mixer a call's volume and mute keys change when the line cannot (baresip
/// has no volume command, ModemManager neither volume nor mute).
extension Doctor {
    /// 8d. The mixer and its controls: nil for a method that follows no calls.
    func mixerCheck(_ settings: Settings) -> DoctorCheck? {
        guard let configuration = settings.configuration else { return nil }
        let method = type(of: configuration.dial.settings)
        guard method.followsCalls else { return nil }
        let subject = "mixer"
        guard let choice = MixerChoice(configuration.sound) else {
            return DoctorCheck(
                .ok, subject, "none: the volume and mute keys \(method.name) cannot do say \"not on this line\" (set [sound] mixer to change a card's)")
        }
        // A mixer is opened on this machine only, not in a system in a folder.
        guard system.root == "/" || system.root.isEmpty, let controls = readers.mixerControls?(choice) else {
            return DoctorCheck(.ok, subject, "\(choice.card), not opened from here")
        }
        switch (controls.volume, controls.capture) {
        case (.control(let volume), .control(let capture)):
            return DoctorCheck(.ok, subject, "\(choice.card): volume \(volume), mute \(capture)")
        case (.problem(let reason, let remedy), let capture) where capture == controls.volume:
            return DoctorCheck(.warning, subject, "\(choice.card): \(reason); the volume and mute keys say \"not on this line\"", fix: remedy)
        case (.problem(let reason, let remedy), _):
            return DoctorCheck(.warning, subject, "\(choice.card): \(reason); the volume keys say \"not on this line\"", fix: remedy)
        case (_, .problem(let reason, let remedy)):
            return DoctorCheck(.warning, subject, "\(choice.card): \(reason); the mute key says \"not on this line\"", fix: remedy)
        }
    }
}
