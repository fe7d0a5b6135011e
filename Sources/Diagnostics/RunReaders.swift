// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// How a run reads the font a config names, for doctor and config check. The font is read by
/// DialerKit's `ScreenDisplay`, in a module above this one, so the program hands the reader in,
/// and the checks read the font exactly as a run does.
public struct RunReaders: Sendable {
    /// Why the font a config names (t9dial's own from the data directory when none) does not
    /// load, at its line; nil when it loads. Its paths are mapped with `systemPath` first.
    public var fontProblem:
        @Sendable (_ configuration: DialerConfiguration, _ dataDirectory: String, _ systemPath: (String) -> String) -> ConfigCheck.SettingProblem?

    public init(fontProblem: @escaping @Sendable (DialerConfiguration, String, (String) -> String) -> ConfigCheck.SettingProblem?) {
        self.fontProblem = fontProblem
    }
}
