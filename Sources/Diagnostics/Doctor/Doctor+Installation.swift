// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation

/// The checks of what `make install` and the system's tools put in place: the udev rule, the
/// systemd unit and the group t9dial.
extension Doctor {
    /// Where udev reads rules from, in its order of precedence.
    static let udevRuleFolders = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]
    static let udevRuleName = "70-t9dial.rules"
    /// Where systemd reads system units from.
    static let unitFolders = ["/etc/systemd/system", "/usr/lib/systemd/system", "/lib/systemd/system"]
    package static let unitName = "t9dial.service"
    static let groupName = "t9dial"

    /// 1. t9dial's rule is where udev reads it, and the user's own rules naming keypads.
    func udevRuleCheck() -> DoctorCheck {
        let subject = "udev rule"
        guard let rule = system.firstFile(Self.udevRuleName, in: Self.udevRuleFolders) else {
            return notInstalled(
                subject, Self.udevRuleName, in: Self.udevRuleFolders,
                then: "sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input"
            )
        }
        // The user's rules from t9dial udev-rule, which must sort before t9dial's own.
        let own = Self.udevRuleFolders.prefix(2).flatMap { folder in
            system.names(in: folder).filter { $0.hasPrefix("69-t9dial-") && $0.hasSuffix(".rules") }.map { folder + "/" + $0 }
        }
        return DoctorCheck(.ok, subject, rule + (own.isEmpty ? "" : "; yours: " + own.joined(separator: ", ")))
    }

    /// 2. The unit is where systemd reads it, and the program it starts is there.
    func unitCheck() -> DoctorCheck {
        let subject = "systemd unit"
        guard let unit = system.firstFile(Self.unitName, in: Self.unitFolders) else {
            return notInstalled(subject, Self.unitName, in: Self.unitFolders, then: "sudo systemctl daemon-reload")
        }
        guard let program = Self.execStartProgram(system.text(of: unit) ?? "") else {
            return DoctorCheck(
                .problem, subject, "\(unit) has no ExecStart= line",
                fix: installFix(Self.unitName, into: Self.unitFolders[0], then: "sudo systemctl daemon-reload")
            )
        }
        guard !program.hasPrefix("/") || system.isExecutable(program) else {
            return DoctorCheck(
                .problem, subject, "\(unit) starts \(program), which is missing or not executable",
                fix: "reinstall t9dial (\(programFiles.reinstall)), or point ExecStart at t9dial: sudo systemctl edit \(Self.unitName)"
            )
        }
        return DoctorCheck(.ok, subject, "\(unit), starting \(program)")
    }

    /// A file of udev/ found in none of the folders it is read from: install it into the first,
    /// and run `then` to have it read.
    func notInstalled(_ subject: String, _ name: String, in folders: [String], then: String) -> DoctorCheck {
        DoctorCheck(.problem, subject, "\(name) is in none of " + folders.joined(separator: ", "), fix: installFix(name, into: folders[0], then: then))
    }

    /// How to put `name` back into `folder`: from the copy make install keeps in the data
    /// folder (`share/t9dial/system`), when this machine has it; else by installing again.
    func installFix(_ name: String, into folder: String, then: String) -> String {
        if let copy = installedCopy(of: name) { return "sudo install -m 644 \(copy) \(folder)/ && " + then }
        return "reinstall t9dial (\(programFiles.reinstall)), which puts \(name) in \(folder)"
    }

    /// The copy of udev/`name` that make install keeps in the data folder, if there is one.
    func installedCopy(of name: String) -> String? {
        guard let data = try? LayoutCatalog.findDataDirectory(explicit: dataDirectory) else { return nil }
        let copy = data + "/system/" + name
        return FileManager.default.fileExists(atPath: copy) ? copy : nil
    }

    /// The program of a unit's last `ExecStart=` line (a later one replaces an earlier one),
    /// without systemd's prefixes (`-`, `@`, `:`, `+`, `!`).
    static func execStartProgram(_ unitText: String) -> String? {
        let lines = unitText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line = lines.last(where: { $0.hasPrefix("ExecStart=") }) else { return nil }
        let command = line.dropFirst("ExecStart=".count).drop { "-@:+! \t".contains($0) }
        return command.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }

    /// 3. The group the udev rule gives the keypad to and the service runs with.
    func groupCheck() -> DoctorCheck {
        let subject = "group \(Self.groupName)"
        if let id = system.groupID(Self.groupName) { return DoctorCheck(.ok, subject, "gid \(id)") }
        let sysusers = ["/etc/sysusers.d", "/usr/lib/sysusers.d"].map { $0 + "/t9dial.conf" }.first(where: system.exists)
        let create =
            sysusers.map { "sudo systemd-sysusers \($0)" }
            ?? installedCopy(of: "t9dial.sysusers").map {
                "sudo install -m 644 \($0) /etc/sysusers.d/t9dial.conf && sudo systemd-sysusers /etc/sysusers.d/t9dial.conf"
            } ?? "reinstall t9dial (\(programFiles.reinstall)), which makes it"
        return DoctorCheck(.problem, subject, "missing", fix: create + " (or sudo groupadd --system \(Self.groupName))")
    }

    /// 9. The service itself: running, and what it last said at error priority.
    func serviceCheck() -> DoctorCheck {
        let subject = "service"
        guard let state = system.serviceState() else {
            return DoctorCheck(.warning, subject, "not checked: systemd does not run here")
        }
        let said = state.lastError.map { "; its last error: \($0)" } ?? ""
        switch state.active {
        case "active", "reloading":
            return DoctorCheck(.ok, subject, "running" + (state.status.isEmpty ? "" : ": \(state.status)") + said)
        case "failed":
            return DoctorCheck(
                .problem, subject, "failed" + said, fix: "journalctl -u \(Self.unitName) says why; then sudo systemctl restart \(Self.unitName)"
            )
        default:
            return DoctorCheck(
                .warning, subject, "\(state.active): it starts when the keypad is plugged in" + said,
                fix: "plug the keypad in, or sudo systemctl start \(Self.unitName) (enable it to start at boot)"
            )
        }
    }
}
