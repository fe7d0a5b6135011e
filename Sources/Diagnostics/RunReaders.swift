// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// How a run reads the font a config names and opens its sound outputs, for doctor and config
/// check. The font is read by
/// DialerKit's `ScreenDisplay`, in a module above this one, so the program hands the reader in,
/// and the checks read the font exactly as a run does.
public struct RunReaders: Sendable {
    /// Why the font a config names (t9dial's own from the data directory when none) does not
    /// load, at its line; nil when it loads. Its paths are mapped with `systemPath` first.
    public var fontProblem:
        @Sendable (_ configuration: DialerConfiguration, _ dataDirectory: String, _ systemPath: (String) -> String) -> ConfigCheck.SettingProblem?

    /// Why a sound output of `[sound]` does not open as the player opens it (the reason and
    /// what to do), nil when it opens; nil as a whole when outputs are not opened (a system in
    /// a folder, or tests). The sound player is in a module above this one, as the screen is.
    public var soundProblem: (@Sendable (SoundOutput) -> String?)?

    /// The controls the mixer of `[sound]` has for a call's volume and mute, as the dialer
    /// finds them; nil as a whole when mixers are not opened (a system in a folder, or tests).
    public var mixerControls: (@Sendable (MixerChoice) -> MixerControls)?

    /// The screens found in a /dev folder and the one a run with these settings draws on; nil
    /// when there is no DRM card and the settings name none (the framebuffer check says the
    /// rest); nil as a whole when screens are not opened (tests).
    public var screens: (@Sendable (_ settings: ScreenSettings, _ dev: String) -> ScreenFindings?)? = nil

    public init(
        fontProblem: @escaping @Sendable (DialerConfiguration, String, (String) -> String) -> ConfigCheck.SettingProblem?,
        soundProblem: (@Sendable (SoundOutput) -> String?)? = nil,
        mixerControls: (@Sendable (MixerChoice) -> MixerControls)? = nil
    ) {
        self.fontProblem = fontProblem
        self.soundProblem = soundProblem
        self.mixerControls = mixerControls
    }
}

/// The mixer `[sound]` names for a call's volume and mute: a card's control device, and the
/// controls written (nil: found by itself).
public struct MixerChoice: Sendable, Hashable {
    public var card: String
    public var volumeControl: String?
    public var captureControl: String?

    public init(card: String, volumeControl: String?, captureControl: String?) {
        self.card = card
        self.volumeControl = volumeControl
        self.captureControl = captureControl
    }
}

/// What a mixer has for a call: each control as found, or why not.
public struct MixerControls: Sendable, Hashable {
    /// A control's name, or what is wrong and what to do.
    public enum Found: Sendable, Hashable {
        case control(String)
        case problem(reason: String, remedy: String)
    }

    /// The playback volume control the volume keys change.
    public var volume: Found
    /// The capture switch the mute key switches.
    public var capture: Found

    public init(volume: Found, capture: Found) {
        self.volume = volume
        self.capture = capture
    }
}

/// A sound output of `[sound]`, as the checks open it.
public enum SoundOutput: Sendable, Hashable {
    /// An ALSA PCM, by name.
    case alsa(String)
    /// A beeper's event node.
    case beeper(String)
    /// An LED class device, as `[sound] leds` names it.
    case led(String)
}
