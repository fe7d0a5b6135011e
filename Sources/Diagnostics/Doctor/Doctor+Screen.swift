// SPDX-License-Identifier: Apache-2.0

import DialerConfig

/// The check of `[screen] backlight` as the service meets it: the backlight is there, the
/// service's group may write the attribute t9dial switches, and the unit's read-only /sys has
/// its folder writable. (The framebuffer's own line is `framebufferCheck`.)
extension Doctor {
    /// 6b. The backlight: nil when the config names none.
    func backlightCheck(_ settings: Settings) -> DoctorCheck? {
        guard let backlight = settings.configuration?.screen.backlight else { return nil }
        let subject = "backlight"
        let folder = ScreenSettings.backlightDirectory(backlight)
        guard let node = system.node(folder + "/bl_power") ?? system.node(folder + "/brightness") else {
            return DoctorCheck(
                .problem, subject, "no backlight \(backlight) (\(folder) does not exist)",
                fix: "ls \(ScreenSettings.backlightFolder) lists them; set backlight = \"\" in [screen] when FBIOBLANK darkens the panel")
        }
        let attribute = String(node.path.split(separator: "/").last ?? "")
        let name = String(folder.split(separator: "/").last ?? "")
        guard node.belongs(toGroup: Self.groupName, on: system), node.permissions & 0o020 != 0 else {
            return DoctorCheck(
                .warning, subject, "backlight \(backlight): \(node.path) is group \(node.groupName), mode \(node.mode): the service cannot switch it",
                fix: name.hasPrefix("t9dial")
                    ? "the udev rule \(Self.udevRuleName) gives it to group t9dial: sudo udevadm trigger --subsystem-match=backlight"
                    : "save the line SUBSYSTEM==\"backlight\", KERNEL==\"\(name)\", RUN+=\"/bin/chgrp t9dial /sys%p/\(attribute)\", "
                        + "RUN+=\"/bin/chmod 0664 /sys%p/\(attribute)\" as /etc/udev/rules.d/71-t9dial-backlight.rules, "
                        + "then sudo udevadm trigger --subsystem-match=backlight")
        }
        let device = String(node.path.dropLast(attribute.count + 1))
        guard unitTexts().contains(where: { Self.makesWritable(device, $0) }) else {
            return DoctorCheck(
                .warning, subject, "backlight \(backlight): the service's /sys is read only, and no drop-in of \(Self.unitName) makes \(device) writable",
                fix: "sudo systemctl edit \(Self.unitName), and write the two lines [Service] and ReadWritePaths=\(device)")
        }
        return DoctorCheck(.ok, subject, "backlight \(backlight) (\(attribute)), switched off while the screen sleeps")
    }
}
