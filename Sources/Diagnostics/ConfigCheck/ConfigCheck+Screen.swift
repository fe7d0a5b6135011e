// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation

/// The check of `[screen] backlight`: the backlight is there, and this user may write the
/// attribute the sleep switches (`bl_power`, else `brightness`). A warning: a backlight that
/// cannot be switched leaves the panel lit, and the dialer works.
extension ConfigCheck {
    func screenFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        guard let backlight = configuration.screen.backlight else { return [] }
        let location = configuration.location(of: "screen.backlight")
        let folder = ScreenSettings.backlightDirectory(backlight)
        let attributes = ["bl_power", "brightness"].map { folder + "/" + $0 }
        guard let attribute = attributes.first(where: exists) else {
            return [.warning(location, "no backlight \(backlight) (\(folder) does not exist); ls \(ScreenSettings.backlightFolder) lists them")]
        }
        guard FileManager.default.isWritableFile(atPath: systemPath(attribute)) else {
            return [
                .warning(
                    location,
                    "backlight \(backlight): \(attribute) cannot be written by this user, so the screen's light stays on while it sleeps; "
                        + "t9dial doctor says how to let the service write it")
            ]
        }
        return []
    }
}
