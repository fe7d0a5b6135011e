// SPDX-License-Identifier: Apache-2.0

import Telephony

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
        return DoctorCheck(.ok, subject, found + monochromeNote(framebuffer: path, device: node.path, configuration.screen))
    }

    /// 8. `[dial]`: the method's own checks, in its folder of Telephony
    /// (`DialMethod.doctorChecks`), on the checked system as `DoctorDialSystem` shows it.
    func dialChecks(_ settings: Settings) -> [DoctorCheck] {
        guard let configuration = settings.configuration else { return [Self.notChecked("dial")] }
        return configuration.dial.doctorChecks(on: DoctorDialSystem(doctor: self)).map { check in
            let status: DoctorCheck.Status =
                switch check.status {
                case .ok: .ok
                case .warning: .warning
                case .problem: .problem
                }
            return DoctorCheck(status, check.subject, check.finding, fix: check.fix)
        }
    }
}

/// The checked system as the dial methods' doctor checks see it: doctor's own view of it
/// (`CheckedSystem`, whose "/" may be another folder), and what doctor knows of the service.
struct DoctorDialSystem: DialDoctorSystem {
    let doctor: Doctor
    var system: CheckedSystem { doctor.system }

    var isThisMachine: Bool { system.root == "/" || system.root.isEmpty }
    var runsAsRoot: Bool { system.runsAsRoot }
    var environment: [String: String] { system.environment }
    var unitName: String { Doctor.unitName }
    var dropInFolder: String { Doctor.dropInFolder }
    var baresipExample: String { doctor.programFiles.baresipExample }

    func exists(_ path: String) -> Bool { system.exists(path) }
    func text(of path: String) -> String? { system.text(of: path) }
    func names(in path: String) -> [String] { system.names(in: path) }
    func firstFile(_ name: String, in folders: [String]) -> String? { system.firstFile(name, in: folders) }
    func device(_ path: String) -> DialDevice? { system.node(path).map { DialDevice(path: $0.path, groupName: $0.groupName) } }
    func serviceState() -> (active: String, status: String)? { system.serviceState().map { ($0.active, $0.status) } }
}
