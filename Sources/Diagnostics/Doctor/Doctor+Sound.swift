// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony

/// The check of `[sound]` as the service meets it: the groups, devices and paths its unit
/// grants for each ringer, the udev rule's work on the beeper and the LEDs, and with baresip,
/// that a call does not ring twice. (Whether each output opens is the config line's, as
/// `config check` says it.)
extension Doctor {
    /// The link 70-t9dial.rules gives a beeper, the one input node the unit lets the service
    /// write.
    static let beeperLink = "/dev/input/t9dial-beeper"

    /// 8c. The ringers: nil for a method that follows no calls and no ringer configured.
    func ringerCheck(_ settings: Settings) -> DoctorCheck? {
        guard let configuration = settings.configuration else { return nil }
        let subject = "ringer"
        let sound = configuration.sound
        let method = configuration.dial.settings
        let own = method.ownRinger(on: DoctorDialSystem(doctor: self))
        guard sound.hasRinger else {
            guard type(of: method).followsCalls else { return nil }
            if own?.rings ?? type(of: method).ringsByDefault {
                return DoctorCheck(.ok, subject, "[sound] names no ringer: \(type(of: method).name) rings (\(own?.setting ?? "its config not found"))")
            }
            return DoctorCheck(
                .warning, subject, "[sound] names no ringer: a call coming in shows on the screen and is not heard",
                fix: "set device (an ALSA device: aplay -L), beeper or leds in [sound] of \(settings.file ?? DialerConfiguration.systemFile); man t9dial.toml"
            )
        }
        let units = unitTexts()
        var found: [String] = []
        if let device = sound.alsaDevice {
            guard units.contains(where: { SystemdUnitText.addsGroup("audio", $0) }) else {
                return DoctorCheck(
                    .warning, subject, "ALSA device \(device), but the service's unit gives it no group audio: it cannot open the sound card",
                    fix:
                        "reinstall t9dial's unit (\(programFiles.reinstall)), or sudo systemctl edit \(Self.unitName) with [Service] and SupplementaryGroups=audio"
                )
            }
            found.append("ALSA device \(device)")
        }
        if let beeper = sound.beeper {
            if let problem = beeperProblem(beeper, subject: subject) { return problem }
            found.append("beeper \(beeper)")
        }
        for led in sound.leds {
            if let problem = ledProblem(led, units: units, subject: subject) { return problem }
            found.append("LED \(led)")
        }
        if let own, own.rings {
            return DoctorCheck(
                .warning, subject, "t9dial rings, and \(type(of: method).name) does too (\(own.file): \(own.setting)): a call would ring twice",
                fix: own.silencing)
        }
        return DoctorCheck(.ok, subject, found.joined(separator: ", "))
    }

    /// A beeper the service cannot write: not there, not the udev rule's, or not the group's.
    private func beeperProblem(_ beeper: String, subject: String) -> DoctorCheck? {
        let rule =
            "the udev rule \(Self.udevRuleName) gives a beeper (EV_SND, no keys) to group t9dial as \(Self.beeperLink): "
            + "sudo udevadm trigger --subsystem-match=input"
        guard let node = system.node(beeper) else {
            return DoctorCheck(
                .problem, subject, "the beeper \(beeper) does not exist", fix: "is its driver loaded (pcspkr, pwm-beeper)? ls -l /dev/input/by-path/")
        }
        guard let link = system.node(Self.beeperLink), link.path == node.path else {
            return DoctorCheck(
                .warning, subject, "the beeper \(beeper) is not \(Self.beeperLink), the one input node the service may write",
                fix: "set beeper = \"\(Self.beeperLink)\" in [sound]; \(rule)")
        }
        guard node.belongs(toGroup: Self.groupName, on: system), node.permissions & 0o020 != 0 else {
            return DoctorCheck(
                .warning, subject, "the beeper \(node.path) is group \(node.groupName), mode \(node.mode): the service cannot write its tones",
                fix: rule)
        }
        return nil
    }

    /// An LED the service cannot switch: not there, its brightness not the group's, or its
    /// folder not writable in the unit's read-only /sys.
    private func ledProblem(_ led: String, units: [String], subject: String) -> DoctorCheck? {
        let folder = SoundSettings.ledDirectory(led)
        guard let node = system.node(folder + "/brightness") else {
            return DoctorCheck(
                .problem, subject, "no LED \(led) (\(folder) does not exist)",
                fix: "ls \(SoundSettings.ledFolder) lists them; a gpio-leds node makes one (docs/board.md)")
        }
        let name = String(folder.split(separator: "/").last ?? "")
        guard node.belongs(toGroup: Self.groupName, on: system), node.permissions & 0o020 != 0 else {
            let rule =
                name.hasPrefix("t9dial")
                ? "the udev rule \(Self.udevRuleName) gives it to group t9dial: sudo udevadm trigger --subsystem-match=leds"
                : "name it t9dial-… in the device tree, or save the line SUBSYSTEM==\"leds\", KERNEL==\"\(name)\", "
                    + "RUN+=\"/bin/chgrp t9dial /sys%p/brightness\", RUN+=\"/bin/chmod 0664 /sys%p/brightness\" "
                    + "as /etc/udev/rules.d/71-t9dial-leds.rules, then sudo udevadm trigger --subsystem-match=leds"
            return DoctorCheck(
                .warning, subject, "LED \(led): \(node.path) is group \(node.groupName), mode \(node.mode): the service cannot switch it", fix: rule)
        }
        let device = String(node.path.dropLast("/brightness".count))
        guard units.contains(where: { Self.makesWritable(device, $0) }) else {
            return DoctorCheck(
                .warning, subject, "LED \(led): the service's /sys is read only, and no drop-in of \(Self.unitName) makes \(device) writable",
                fix: "sudo systemctl edit \(Self.unitName), and write the two lines [Service] and ReadWritePaths=\(device)")
        }
        return nil
    }

    /// The text of the service's unit as installed, then of its drop-ins.
    func unitTexts() -> [String] {
        let unit = Self.unitFolders.map { $0 + "/" + Self.unitName }.first(where: system.exists)
        let dropIns = system.names(in: Self.dropInFolder).filter { $0.hasSuffix(".conf") }.map { Self.dropInFolder + "/" + $0 }
        return ([unit].compactMap { $0 } + dropIns).compactMap(system.text)
    }

    /// Whether a unit's text has a ReadWritePaths= line naming `path` or a folder above it.
    static func makesWritable(_ path: String, _ unitText: String) -> Bool {
        unitText.split(separator: "\n").contains { line in
            line.hasPrefix("ReadWritePaths=")
                && line.dropFirst("ReadWritePaths=".count).split(separator: " ").contains { word in
                    let named = word.drop { $0 == "-" || $0 == "+" }
                    return path == named || path.hasPrefix(named.hasSuffix("/") ? String(named) : named + "/")
                }
        }
    }

}
