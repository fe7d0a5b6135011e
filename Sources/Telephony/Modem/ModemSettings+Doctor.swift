// SPDX-License-Identifier: Apache-2.0

extension ModemSettings {
    /// `[dial] method = "modem"`: the modem's port, and the group dialout the service
    /// needs for it (a drop-in of the unit's).
    public static let followsCalls = true

    /// It has no ringer of its own: t9dial's `[sound]` rings its calls.
    public func ownRinger(on system: any DialDoctorSystem) -> OwnRinger? { nil }
    public static let ringsByDefault = false

    public func doctorChecks(on system: any DialDoctorSystem) -> [DialCheck] {
        [modemCheck(on: system, subject: "dial")]
    }

    func modemCheck(on system: any DialDoctorSystem, subject: String) -> DialCheck {
        let path = device
        guard let node = system.device(path) else {
            return DialCheck(.problem, subject, "the modem's port \(path) does not exist", fix: "is the modem plugged in? ls -l /dev/serial/by-id/")
        }
        let found = "modem \(path), group \(node.groupName)"
        if let taken = Self.modemManagerMayTake(path, node: node, on: system, subject: subject, found: found) { return taken }
        let dropIns = system.names(in: system.dropInFolder).filter { $0.hasSuffix(".conf") }.map { system.dropInFolder + "/" + $0 }
        if let dropIn = dropIns.first(where: { SystemdUnitText.addsGroup("dialout", system.text(of: $0) ?? "") }) {
            return DialCheck(.ok, subject, found + "; \(dropIn) gives the service group dialout")
        }
        return DialCheck(
            .warning, subject, found + "; the service needs group dialout to use it, and no drop-in of \(system.unitName) gives it",
            fix: "sudo systemctl edit \(system.unitName), and write the two lines [Service] and SupplementaryGroups=dialout"
        )
    }

    /// ModemManager, enabled here, probes every modem port it finds and takes the one t9dial
    /// drives (their commands and answers mix), unless a udev rule tells it to leave the port
    /// alone (`ID_MM_PORT_IGNORE`) naming it by its kernel name or its link's.
    static func modemManagerMayTake(_ path: String, node: DialDevice, on system: any DialDoctorSystem, subject: String, found: String) -> DialCheck? {
        let enabled = [
            "/etc/systemd/system/multi-user.target.wants/ModemManager.service", "/etc/systemd/system/dbus-org.freedesktop.ModemManager1.service",
        ]
        guard enabled.contains(where: { system.exists($0) }) else { return nil }
        let names = Set([path, node.path].compactMap { $0.split(separator: "/").last.map(String.init) })
        let ruleFolders = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]
        for folder in ruleFolders {
            for file in system.names(in: folder) where file.hasSuffix(".rules") {
                let text = system.text(of: folder + "/" + file) ?? ""
                if text.contains("ID_MM_PORT_IGNORE"), names.contains(where: { text.contains($0) }) { return nil }
            }
        }
        let kernelName = node.path.split(separator: "/").last.map(String.init) ?? "ttyUSB2"
        return DialCheck(
            .warning, subject, found + "; ModemManager is enabled here and takes modem ports it finds, this one too: its commands and t9dial's would mix",
            fix: "tell it to leave the port alone: echo 'ACTION==\"add|change\", SUBSYSTEM==\"tty\", KERNEL==\"\(kernelName)\", ENV{ID_MM_PORT_IGNORE}=\"1\"' "
                + "| sudo tee /etc/udev/rules.d/77-t9dial-modem.rules, then sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=tty "
                + "(docs/calling.md), or use method = \"modemmanager\"")
    }
}
