// SPDX-License-Identifier: Apache-2.0

/// The checks of the devices the settings name besides the keypad: the framebuffer, and the
/// dial method's check.
extension Doctor {
    /// The framebuffer t9dial would suggest when none is set.
    static let firstFramebuffer = "/dev/fb0"
    /// Where `systemctl edit` keeps the unit's drop-ins.
    static let dropInFolder = "/etc/systemd/system/\(unitName).d"

    /// 5. `[screen] framebuffer` is a character device the service may write (group video).
    func framebufferCheck(_ settings: Settings) -> DoctorCheck {
        let subject = "framebuffer"
        guard let configuration = settings.configuration else { return Self.notChecked(subject) }
        guard let path = configuration.screen.framebuffer else {
            guard system.exists(Self.firstFramebuffer) else { return DoctorCheck(.ok, subject, "none set, and none found") }
            return DoctorCheck(
                .ok, subject, "none set; \(Self.firstFramebuffer) exists, and [screen] framebuffer = \"\(Self.firstFramebuffer)\" would draw on it"
            )
        }
        guard let node = system.node(path) else {
            return DoctorCheck(
                .problem, subject, "\(path) does not exist", fix: "name one of ls /dev/fb* in [screen] framebuffer, or load the panel's overlay"
            )
        }
        guard node.isCharacterDevice else {
            return DoctorCheck(.problem, subject, "\(path) is not a framebuffer device (not a character device)", fix: "name one of ls /dev/fb*")
        }
        let found = "\(path), group \(node.groupName), mode \(node.mode)"
        guard node.belongs(toGroup: "video", on: system), node.permissions & 0o020 != 0 else {
            return DoctorCheck(
                .problem, subject, found + ": the service, in group video, cannot draw on it",
                fix: "sudo chgrp video \(node.path) && sudo chmod g+rw \(node.path) (a udev rule makes it last)"
            )
        }
        return DoctorCheck(.ok, subject, found)
    }

    /// 8. `[dial]`: each method's checks, in files of their own (`Doctor+Baresip.swift` and
    /// `Doctor+BaresipSound.swift`, `Doctor+Modem.swift`, `Doctor+ModemManager.swift`); the
    /// one switch over the methods doctor has. baresip's sound devices have a line of their own.
    func dialChecks(_ settings: Settings) -> [DoctorCheck] {
        let subject = "dial"
        guard let configuration = settings.configuration else { return [Self.notChecked(subject)] }
        switch configuration.dial {
        case .print, .exec: return [DoctorCheck(.ok, subject, "method \(configuration.dial.name), no modem to check")]
        case .modem(let modem): return [modemCheck(modem, subject: subject)]
        case .baresip(let baresip): return [baresipCheck(baresip, subject: subject), baresipSoundCheck()]
        case .modemManager(let modemManager): return [modemManagerCheck(modemManager, subject: subject)]
        }
    }

    /// Whether a unit file's text has a SupplementaryGroups= line naming `group`.
    static func addsGroup(_ group: String, _ unitText: String) -> Bool {
        unitText.split(separator: "\n").contains { line in
            line.hasPrefix("SupplementaryGroups=") && line.dropFirst("SupplementaryGroups=".count).split(separator: " ").contains { $0 == group }
        }
    }
}
