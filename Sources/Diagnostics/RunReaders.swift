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

    public init(
        fontProblem: @escaping @Sendable (DialerConfiguration, String, (String) -> String) -> ConfigCheck.SettingProblem?,
        soundProblem: (@Sendable (SoundOutput) -> String?)? = nil
    ) {
        self.fontProblem = fontProblem
        self.soundProblem = soundProblem
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
