// SPDX-License-Identifier: Apache-2.0

/// The volume and the microphone of a call, for a line that cannot change them itself: the
/// dialer's volume and mute keys act here instead. Tests give a mixer of their own.
public protocol CallMixer: AnyObject {
    /// Where the call's volume stands now.
    func volume() throws(SoundProblem) -> MixerLevel
    /// Sets the call's volume to `value`, in the level's own steps.
    func setVolume(_ value: Int) throws(SoundProblem)
    /// Sends this end's sound (true) or mutes it.
    func setCapturing(_ on: Bool) throws(SoundProblem)
}

/// A card's mixer as `[sound]` names it: its playback volume and its capture switch, each a
/// configured control or one found by itself (`AlsaMixer.volumeNames`, `captureNames`).
///
/// The card is opened for each change and closed after it: a card plugged in later is found,
/// and nothing is held between calls.
public final class AlsaCallMixer: CallMixer {
    public let card: String
    /// The playback volume control, nil: found by itself.
    public let volumeControl: String?
    /// The capture switch, nil: found by itself.
    public let captureControl: String?

    public init(card: String, volumeControl: String? = nil, captureControl: String? = nil) {
        self.card = card
        self.volumeControl = volumeControl
        self.captureControl = captureControl
    }

    public func volume() throws(SoundProblem) -> MixerLevel {
        let mixer = try AlsaMixer(card: card)
        return try mixer.volume(mixer.volumeControl(volumeControl))
    }

    public func setVolume(_ value: Int) throws(SoundProblem) {
        let mixer = try AlsaMixer(card: card)
        try mixer.setVolume(mixer.volumeControl(volumeControl), to: value)
    }

    public func setCapturing(_ on: Bool) throws(SoundProblem) {
        let mixer = try AlsaMixer(card: card)
        try mixer.setCapturing(mixer.captureControl(captureControl), on)
    }

    /// The controls the card has for a call, as `config check` and `doctor` say it: the
    /// volume's and the capture's names, or what is wrong with each.
    public func check() -> (volume: Result<String, SoundProblem>, capture: Result<String, SoundProblem>) {
        do throws(SoundProblem) {
            let mixer = try AlsaMixer(card: card)
            let volume: Result<String, SoundProblem>
            do throws(SoundProblem) { volume = .success(try mixer.volumeControl(volumeControl)) } catch { volume = .failure(error) }
            let capture: Result<String, SoundProblem>
            do throws(SoundProblem) { capture = .success(try mixer.captureControl(captureControl)) } catch { capture = .failure(error) }
            return (volume, capture)
        } catch {
            return (.failure(error), .failure(error))
        }
    }
}
