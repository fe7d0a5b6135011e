// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import DialerEngine
import DialOutcomes
public import Sound

/// The volume and mute keys of a call on a line that cannot change them itself (baresip has
/// no volume command, ModemManager neither volume nor mute): the line answers
/// `.notOnThisLine`, and the card's mixer of `[sound]` does it instead. The screen then shows
/// what it shows for a line's own: "Volume 60%", "Muted". Without a mixer, or with one that
/// fails (logged), the screen says "not on this line".
///
/// A mixer's change is a quick ioctl on the card's control device: the loop's thread does it.
extension DialerDriver {
    /// Changes the volume and mutes through the mixer of `settings` from now on (`mixerCard`),
    /// or through none; the screen's updates, as `useMixer(_:)` gives them.
    /// The same mixer as now is kept: a reload that leaves it so keeps a call muted.
    @discardableResult
    public func useMixer(of settings: SoundSettings) -> [DialerUpdate] {
        let chosen = settings.mixerCard.map { AlsaCallMixer(card: $0, volumeControl: settings.volumeControl, captureControl: settings.captureControl) }
        if let current = mixer as? AlsaCallMixer, let chosen, current.card == chosen.card, current.volumeControl == chosen.volumeControl,
            current.captureControl == chosen.captureControl
        {
            return []
        }
        return useMixer(chosen)
    }

    /// Changes the volume and mutes through `mixer` from now on, or through none (when the
    /// dialer stops). A capture the old mixer switched off is switched on again first. A call
    /// muted through the old mixer stays muted through the new one; when the new one cannot
    /// mute it, or there is none, the call is heard again, and the updates say so on the
    /// screen, which must never show "Muted" over a live microphone.
    @discardableResult
    public func useMixer(_ mixer: (any CallMixer)?) -> [DialerUpdate] {
        let callWasMuted = mixerMuted
        captureAfterCall()
        self.mixer = mixer
        guard callWasMuted else { return [] }
        if let mixer {
            do throws(SoundProblem) {
                try mixer.setCapturing(false)
                mixerMuted = true
                logger.info("mute: the call stays muted through the new mixer")
                return []
            } catch {
                logger.warning("mute: the new mixer cannot keep the call muted (\(error)); it is heard again")
            }
        } else {
            logger.warning("mute: no mixer is named any more, so the call is heard again")
        }
        return machine.session.callChanged(.muted(false), call: nil, at: clock.now())
    }

    /// What the mixer does for `control`, which the line cannot do: the session's updates, or
    /// nil when the mixer cannot either (none, or not a volume or mute key, or it failed).
    func mixerInstead(of control: CallControl) -> [DialerUpdate]? {
        guard let mixer else { return nil }
        do throws(SoundProblem) {
            switch control {
            case .volumeUp, .volumeDown:
                let level = try mixer.volume().stepped(up: control == .volumeUp)
                try mixer.setVolume(level.value)
                logger.info("\(control.rawValue): the mixer's volume is \(level.percent)%")
                return machine.session.volumeChanged(percent: level.percent)
            case .mute, .unmute:
                let muting = control == .mute
                try mixer.setCapturing(!muting)
                mixerMuted = muting
                logger.info("\(control.rawValue): the mixer's capture is \(muting ? "off" : "on")")
                return machine.session.callChanged(.muted(muting), call: nil, at: clock.now())
            case .answerWaiting, .rejectWaiting, .swap, .hold, .resume:
                return nil
            }
        } catch {
            logger.warning("\(control.rawValue): \(error)")
            return nil
        }
    }

    /// Switches on again the capture the mixer switched off for a call, once the call is over:
    /// the next call is heard.
    func captureAfterCall() {
        guard mixerMuted, let mixer else { return }
        mixerMuted = false
        do throws(SoundProblem) {
            try mixer.setCapturing(true)
        } catch {
            logger.warning("unmute after the call: \(error)")
        }
    }
}
