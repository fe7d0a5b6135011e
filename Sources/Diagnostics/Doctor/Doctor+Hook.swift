// SPDX-License-Identifier: Apache-2.0

import DialerEngine
import InputEvents
import KeypadInput

/// The check of the hook switch a keymap names: systemd-logind acts on some switches and keys
/// itself, whoever else reads them.
extension Doctor {
    /// The hook switch of the keymaps devices are read with; nil when none names one (no line).
    func hookCheck(_ settings: Settings) -> DoctorCheck? {
        settings.keymaps.flatMap(hookCheck(keymaps:))
    }

    /// A warning for the first keymap whose hook is a switch or key logind acts on (SW_LID
    /// suspends, KEY_POWER powers off), unless logind.conf tells logind to ignore it; else ok.
    func hookCheck(keymaps: [Keymap]) -> DoctorCheck? {
        let hooked = keymaps.compactMap { keymap in keymap.hook.map { (keymap: keymap, hook: $0) } }
        guard !hooked.isEmpty else { return nil }
        let subject = "hook switch"
        for (keymap, hook) in hooked {
            guard let handled = LogindHandled(hook) else { continue }
            let name = hook.evdevName
            let setting = logindSettings()[handled.setting]
            if setting?.value == "ignore" {
                return DoctorCheck(
                    .ok, subject,
                    "keymap \"\(keymap.id)\" reads the hook from \(name), which logind ignores (\(handled.setting)=ignore in \(setting?.file ?? ""))"
                )
            }
            let acts =
                setting.map { "acts on it (\(handled.setting)=\($0.value) in \($0.file))" }
                ?? "\(handled.action) the board on it (\(handled.setting)=\(handled.defaultAction), its default)"
            let neutral = handled.type == EventType.switch ? "SW_KEYPAD_SLIDE" : "KEY_PICKUP_PHONE"
            let ignore = ([handled.setting] + handled.alsoIgnore).map { "\($0)=ignore" }.joined(separator: " and ")
            return DoctorCheck(
                .warning, subject,
                "keymap \"\(keymap.id)\" reads the hook from \(name), and systemd-logind \(acts); "
                    + "it does so also before t9dial grabs the keypad, or when t9dial is not running",
                fix: "give the hook another code in the device tree and the keymap (\(neutral)), "
                    + "or put [Login] and \(ignore) in \(Self.logindDropIn), then sudo systemctl restart systemd-logind"
            )
        }
        let named = hooked.map { "keymap \"\($0.keymap.id)\" reads the hook from \($0.hook.evdevName)" }
        return DoctorCheck(.ok, subject, named.joined(separator: "; "))
    }

    /// Where to tell logind to ignore a switch or key.
    static let logindDropIn = "/etc/systemd/logind.conf.d/t9dial.conf"

    /// logind's `[Login]` settings as its files set them, the last file read winning, as
    /// logind reads them: logind.conf, then the drop-ins of every logind.conf.d by name.
    func logindSettings() -> [String: (value: String, file: String)] {
        var settings: [String: (value: String, file: String)] = [:]
        let folders = ["/usr/lib/systemd/logind.conf.d", "/run/systemd/logind.conf.d", "/etc/systemd/logind.conf.d"]
        var dropIns: [String: String] = [:]
        for folder in folders {
            for name in system.names(in: folder) where name.hasSuffix(".conf") { dropIns[name] = folder + "/" + name }
        }
        let files = ["/etc/systemd/logind.conf"] + dropIns.keys.sorted().compactMap { dropIns[$0] }
        for file in files {
            guard let text = system.text(of: file) else { continue }
            var inLogin = false
            for line in text.split(whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("[") {
                    inLogin = line == "[Login]"
                } else if inLogin, !line.hasPrefix("#"), !line.hasPrefix(";"), let equals = line.firstIndex(of: "=") {
                    let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                    settings[key] = (line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces), file)
                }
            }
        }
        return settings
    }
}

/// A switch or key systemd-logind acts on by default, and the setting that says how.
struct LogindHandled {
    var type: UInt16
    var setting: String
    /// What logind does by default, as logind.conf writes it.
    var defaultAction: String
    /// What that does to the board, for a message.
    var action: String
    /// Settings that take over from `setting` in some cases and must be ignore too.
    var alsoIgnore: [String]

    /// SW_LID (0x00) and KEY_POWER (116); nil for the codes logind leaves alone.
    init?(_ hook: HookSwitch) {
        switch (hook.type, hook.code) {
        case (EventType.switch, 0x00):
            self.init(
                type: hook.type, setting: "HandleLidSwitch", defaultAction: "suspend", action: "suspends",
                alsoIgnore: ["HandleLidSwitchExternalPower"])
        case (EventType.key, 116):
            self.init(type: hook.type, setting: "HandlePowerKey", defaultAction: "poweroff", action: "powers off", alsoIgnore: [])
        default:
            return nil
        }
    }

    private init(type: UInt16, setting: String, defaultAction: String, action: String, alsoIgnore: [String]) {
        self.type = type
        self.setting = setting
        self.defaultAction = defaultAction
        self.action = action
        self.alsoIgnore = alsoIgnore
    }
}
