import Foundation

/// The checks of what `make install` and the system's tools put in place: the udev rule, the
/// systemd unit and the group t9dial.
extension Doctor {
    /// Where udev reads rules from, in its order of precedence.
    static let udevRuleFolders = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]
    static let udevRuleName = "70-t9dial.rules"
    /// Where systemd reads system units from.
    static let unitFolders = ["/etc/systemd/system", "/usr/lib/systemd/system", "/lib/systemd/system"]
    static let unitName = "t9dial@.service"
    static let groupName = "t9dial"

    /// 1. t9dial's rule is where udev reads it, and the user's own rules naming keypads.
    func udevRuleCheck() -> DoctorCheck {
        let subject = "udev rule"
        guard let rule = system.firstFile(Self.udevRuleName, in: Self.udevRuleFolders) else {
            return Self.notInstalled(
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
            return Self.notInstalled(subject, Self.unitName, in: Self.unitFolders, then: "sudo systemctl daemon-reload")
        }
        guard let program = Self.execStartProgram(system.text(of: unit) ?? "") else {
            return DoctorCheck(
                .problem, subject, "\(unit) has no ExecStart= line", fix: "install it again from udev/\(Self.unitName)"
            )
        }
        guard !program.hasPrefix("/") || system.isExecutable(program) else {
            return DoctorCheck(
                .problem, subject, "\(unit) starts \(program), which is missing or not executable",
                fix: "sudo install -m 755 .build/release/t9dial \(program) (or point ExecStart at t9dial: sudo systemctl edit \(Self.unitName))"
            )
        }
        return DoctorCheck(.ok, subject, "\(unit), starting \(program)")
    }

    /// A file of udev/ found in none of the folders it is read from: install it into the first,
    /// and run `then` to have it read.
    static func notInstalled(_ subject: String, _ name: String, in folders: [String], then: String) -> DoctorCheck {
        DoctorCheck(
            .problem, subject, "\(name) is in none of " + folders.joined(separator: ", "),
            fix: "sudo install -m 644 udev/\(name) \(folders[0])/ && " + then
        )
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
        let create = sysusers.map { "sudo systemd-sysusers \($0)" }
            ?? "sudo install -m 644 udev/t9dial.sysusers /etc/sysusers.d/t9dial.conf && sudo systemd-sysusers /etc/sysusers.d/t9dial.conf"
        return DoctorCheck(.problem, subject, "missing", fix: create + " (or sudo groupadd --system \(Self.groupName))")
    }
}
