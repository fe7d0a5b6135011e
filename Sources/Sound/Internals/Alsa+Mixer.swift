// SPDX-License-Identifier: Apache-2.0

import CAlsa
import Glibc
import SystemCalls

/// The calls of alsa-lib's simple mixer, one small wrapper each, for the volume and the
/// microphone of a call (`AlsaMixer`). An element belongs to its mixer and is valid while the
/// mixer is open.
extension Alsa {
    typealias MixerHandle = OpaquePointer
    typealias MixerElement = OpaquePointer

    /// The first and the last channel alsa-lib names; a control has some of them.
    private static let channels = Int32(SND_MIXER_SCHN_FRONT_LEFT.rawValue)...Int32(SND_MIXER_SCHN_LAST.rawValue)

    /// Opens the mixer of `card` (a control device: `default`, `hw:0`, `hw:CARD=PCH`) with its
    /// simple elements loaded. (snd_mixer_open, snd_mixer_attach, snd_mixer_selem_register,
    /// snd_mixer_load)
    static func openMixer(_ card: String) -> Result<MixerHandle, Errno> {
        var opened: MixerHandle?
        if case .failure(let error) = check(snd_mixer_open(&opened, 0)) { return .failure(error) }
        guard let handle = opened else { return .failure(Errno(ENOMEM)) }
        for step in [{ snd_mixer_attach(handle, card) }, { snd_mixer_selem_register(handle, nil, nil) }, { snd_mixer_load(handle) }] {
            if case .failure(let error) = check(step()) {
                closeMixer(handle)
                return .failure(error)
            }
        }
        return .success(handle)
    }

    /// Closes a mixer; its elements go with it. (snd_mixer_close)
    static func closeMixer(_ mixer: MixerHandle) {
        _ = snd_mixer_close(mixer)
    }

    /// The mixer's simple elements, in its order. (snd_mixer_first_elem, snd_mixer_elem_next)
    static func elements(_ mixer: MixerHandle) -> [MixerElement] {
        var elements: [MixerElement] = []
        var element = snd_mixer_first_elem(mixer)
        while let current = element {
            elements.append(current)
            element = snd_mixer_elem_next(current)
        }
        return elements
    }

    /// An element's name: `Master`, `Capture`. (snd_mixer_selem_get_name)
    static func name(_ element: MixerElement) -> String {
        snd_mixer_selem_get_name(element).map { String(cString: $0) } ?? ""
    }

    /// Whether the element is there to use now. (snd_mixer_selem_is_active)
    static func isActive(_ element: MixerElement) -> Bool {
        snd_mixer_selem_is_active(element) != 0
    }

    /// Whether it has a playback volume. (snd_mixer_selem_has_playback_volume)
    static func hasPlaybackVolume(_ element: MixerElement) -> Bool {
        snd_mixer_selem_has_playback_volume(element) != 0
    }

    /// Whether it has a capture switch. (snd_mixer_selem_has_capture_switch)
    static func hasCaptureSwitch(_ element: MixerElement) -> Bool {
        snd_mixer_selem_has_capture_switch(element) != 0
    }

    /// The playback volume's range in the element's own steps.
    /// (snd_mixer_selem_get_playback_volume_range)
    static func playbackRange(_ element: MixerElement) -> Result<ClosedRange<Int>, Errno> {
        var low = 0
        var high = 0
        return check(snd_mixer_selem_get_playback_volume_range(element, &low, &high)).flatMap { _ in
            low <= high ? .success(low...high) : .failure(Errno(EINVAL))
        }
    }

    /// The loudest of its channels' playback volumes. (snd_mixer_selem_has_playback_channel,
    /// snd_mixer_selem_get_playback_volume)
    static func playbackVolume(_ element: MixerElement) -> Result<Int, Errno> {
        var loudest: Int?
        for channel in channels {
            let id = snd_mixer_selem_channel_id_t(channel)
            guard snd_mixer_selem_has_playback_channel(element, id) != 0 else { continue }
            var value = 0
            if case .failure(let error) = check(snd_mixer_selem_get_playback_volume(element, id, &value)) { return .failure(error) }
            loudest = max(loudest ?? value, value)
        }
        return loudest.map { .success($0) } ?? .failure(Errno(ENOENT))
    }

    /// Sets every channel's playback volume. (snd_mixer_selem_set_playback_volume_all)
    static func setPlaybackVolume(_ element: MixerElement, _ value: Int) -> Result<Int32, Errno> {
        check(snd_mixer_selem_set_playback_volume_all(element, value))
    }

    /// Whether any channel's capture switch is on. (snd_mixer_selem_has_capture_channel,
    /// snd_mixer_selem_get_capture_switch)
    static func captureSwitch(_ element: MixerElement) -> Result<Bool, Errno> {
        var on: Bool?
        for channel in channels {
            let id = snd_mixer_selem_channel_id_t(channel)
            guard snd_mixer_selem_has_capture_channel(element, id) != 0 else { continue }
            var value: Int32 = 0
            if case .failure(let error) = check(snd_mixer_selem_get_capture_switch(element, id, &value)) { return .failure(error) }
            on = (on ?? false) || value != 0
        }
        return on.map { .success($0) } ?? .failure(Errno(ENOENT))
    }

    /// Switches every channel's capture on or off. (snd_mixer_selem_set_capture_switch_all)
    static func setCaptureSwitch(_ element: MixerElement, on: Bool) -> Result<Int32, Errno> {
        check(snd_mixer_selem_set_capture_switch_all(element, on ? 1 : 0))
    }
}
