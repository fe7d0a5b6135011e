// SPDX-License-Identifier: Apache-2.0

public import Diagnostics

extension RunReaders {
    /// The readers of t9dial's runs: the screen's font (`ScreenDisplay.loadFont`).
    public static let dialerKit = RunReaders(fontProblem: { configuration, dataDirectory, systemPath in
        ConfigCheck.fontProblem(configuration, dataDirectory: dataDirectory, systemPath: systemPath)
    })
}
