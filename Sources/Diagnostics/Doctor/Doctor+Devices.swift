// SPDX-License-Identifier: Apache-2.0

/// The checks of the devices the settings name besides the keypad: the framebuffer and the modem.
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

    /// 8. For `[dial] method = "modem"`: the modem's port, and the group dialout the service
    /// needs for it (a drop-in of the unit's).
    func dialCheck(_ settings: Settings) -> DoctorCheck {
        let subject = "dial"
        guard let configuration = settings.configuration else { return Self.notChecked(subject) }
        let dial = configuration.dial
        if case .baresip(let baresip) = dial { return baresipCheck(baresip, subject: subject) }
        if case .modemManager(let modemManager) = dial { return modemManagerCheck(modemManager, subject: subject) }
        guard case .modem(let modem) = dial else {
            return DoctorCheck(.ok, subject, "method \(dial.name), no modem to check")
        }
        let path = modem.device
        guard let node = system.node(path) else {
            return DoctorCheck(.problem, subject, "the modem's port \(path) does not exist", fix: "is the modem plugged in? ls -l /dev/serial/by-id/")
        }
        let found = "modem \(path), group \(node.groupName)"
        let dropIns = system.names(in: Self.dropInFolder).filter { $0.hasSuffix(".conf") }.map { Self.dropInFolder + "/" + $0 }
        if let dropIn = dropIns.first(where: { Self.addsGroup("dialout", system.text(of: $0) ?? "") }) {
            return DoctorCheck(.ok, subject, found + "; \(dropIn) gives the service group dialout")
        }
        return DoctorCheck(
            .warning, subject, found + "; the service needs group dialout to use it, and no drop-in of \(Self.unitName) gives it",
            fix: "sudo systemctl edit \(Self.unitName), and write the two lines [Service] and SupplementaryGroups=dialout"
        )
    }

    /// Whether a unit file's text has a SupplementaryGroups= line naming `group`.
    static func addsGroup(_ group: String, _ unitText: String) -> Bool {
        unitText.split(separator: "\n").contains { line in
            line.hasPrefix("SupplementaryGroups=") && line.dropFirst("SupplementaryGroups=".count).split(separator: " ").contains { $0 == group }
        }
    }
}
