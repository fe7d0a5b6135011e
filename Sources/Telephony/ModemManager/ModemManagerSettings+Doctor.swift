// SPDX-License-Identifier: Apache-2.0

extension ModemManagerSettings {
    /// Where polkitd reads rules (Debian 12's polkitd 122): the .deb's folder, then make
    /// install's.
    static let polkitRuleFolders = ["/usr/share/polkit-1/rules.d", "/etc/polkit-1/rules.d"]

    /// `[dial] method = "modemmanager"`: polkit's rule for the service, and what ModemManager
    /// says of the modem (on this machine only, over the system bus): running, with a modem
    /// that does voice calls, enabled, its SIM unlocked. A disabled modem is a problem here
    /// though the service enables it: with the rule missing, it could not.
    public static let followsCalls = true

    /// It has no ringer of its own: t9dial's `[sound]` rings its calls.
    public func ownRinger(on system: any DialDoctorSystem) -> OwnRinger? { nil }
    public static let ringsByDefault = false

    public func doctorChecks(on system: any DialDoctorSystem) -> [DialCheck] {
        [modemManagerCheck(on: system, subject: "dial")]
    }

    func modemManagerCheck(on system: any DialDoctorSystem, subject: String) -> DialCheck {
        let name = ModemManagerLine.polkitRuleName
        let rule = system.firstFile(name, in: Self.polkitRuleFolders)
        let ruleFinding: String
        if let rule {
            ruleFinding = "polkit's rule \(rule) lets the service use it"
        } else if system.runsAsRoot {
            return DialCheck(
                .problem, subject, "method modemmanager, but polkit's rule \(name) is not installed: polkit refuses the service's calls",
                fix: "sudo install -m 644 \(name) /etc/polkit-1/rules.d/ (make install and the .deb install it)")
        } else {
            ruleFinding = "whether polkit's rule \(name) is installed only root can see (sudo t9dial doctor)"
        }
        guard system.isThisMachine else {
            return DialCheck(.ok, subject, "method modemmanager; \(ruleFinding); ModemManager is asked on the board itself")
        }
        if let libraryProblem = ModemManagerLine.libraryProblem {
            return DialCheck(.problem, subject, "method modemmanager, but \(libraryProblem)", fix: "sudo apt install libsystemd0")
        }
        guard let problem = ModemManagerLine.survey(modem: modem) else {
            return DialCheck(.ok, subject, "method modemmanager: ModemManager's modem is enabled and does voice calls; \(ruleFinding)")
        }
        if problem.hasPrefix("the modem has no network yet") {
            return DialCheck(.warning, subject, "method modemmanager: \(problem); \(ruleFinding)", fix: "check the SIM and the antenna: mmcli -m any")
        }
        let fix =
            problem.contains("is disabled")
            ? "the service enables it when polkit lets it (\(name)); by hand: sudo mmcli -m any -e"
            : "mmcli -L lists ModemManager's modems, mmcli -m any says what each can do"
        return DialCheck(.problem, subject, "method modemmanager: \(problem); \(ruleFinding)", fix: fix)
    }
}
