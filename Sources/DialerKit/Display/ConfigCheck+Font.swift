// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import Diagnostics

/// The config check of the font, which loads it as the screen does.
extension ConfigCheck {
    /// Why the font `configuration` names (t9dial's own from `dataDirectory` when none) does not
    /// load, with the closest installed console font for a name that is not there
    /// (`ScreenDisplay.loadFont`); nil when it loads.
    public static func fontProblem(
        _ configuration: DialerConfiguration, dataDirectory: String, systemPath: (String) -> String = { $0 }
    ) -> SettingProblem? {
        var settings = configuration.screen
        settings.font = settings.font.map { $0.contains("/") ? systemPath($0) : $0 }
        settings.fontLocation = nil
        do {
            _ = try ScreenDisplay.loadFont(settings, dataDirectory: dataDirectory)
            return nil
        } catch {
            let message: String
            switch error {
            case .screen(let problem): message = ScreenDisplay.fontMessage(problem)
            default: message = error.description
            }
            return SettingProblem(location: configuration.location(of: "screen.font"), message: message)
        }
    }
}

extension RunReaders {
    /// The readers of t9dial's runs: the screen's font (`ScreenDisplay.loadFont`), and the
    /// sound outputs as the player opens them and the mixer's controls (`SoundOutputProbe`).
    /// And the screens found, as a run would choose among them (`ScreenSurvey`).
    public static let dialerKit: RunReaders = {
        var readers = RunReaders(
            fontProblem: { configuration, dataDirectory, systemPath in
                ConfigCheck.fontProblem(configuration, dataDirectory: dataDirectory, systemPath: systemPath)
            },
            soundProblem: SoundOutputProbe.problem, mixerControls: SoundOutputProbe.mixerControls)
        readers.screens = { settings, dev in ScreenSurvey.doctorFindings(settings, dev: dev) }
        return readers
    }()
}
