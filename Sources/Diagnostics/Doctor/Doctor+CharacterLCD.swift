// SPDX-License-Identifier: Apache-2.0

import DialerConfig

/// The check of `[screen] lcd` as the service meets it: the kernel made the charlcd device
/// (its hd44780 overlay is loaded), it is a character device, and the service's group may
/// write it, as t9dial's udev rule makes it.
extension Doctor {
    /// 6c. The character display: nil when the config names none.
    func characterLCDCheck(_ settings: Settings) -> DoctorCheck? {
        guard let path = settings.configuration?.screen.lcd else { return nil }
        let subject = "lcd"
        guard let node = system.node(path) else {
            return DoctorCheck(
                .problem, subject, "\(path) does not exist: the kernel's hd44780 and charlcd drivers have not found the display",
                fix: "on a Raspberry Pi add dtoverlay=hd44780-i2c-lcd (a PCF8574 backpack) or dtoverlay=hd44780-lcd (GPIO) to "
                    + "config.txt and reboot (docs/board.md); elsewhere, load the hd44780 driver with the display's device-tree node")
        }
        guard node.isCharacterDevice else {
            return DoctorCheck(.problem, subject, "\(path) is not a character device", fix: "name the charlcd device in [screen] lcd: \"/dev/lcd\"")
        }
        let found = "\(node.path), group \(node.groupName), mode \(node.mode)"
        guard node.belongs(toGroup: Self.groupName, on: system), node.permissions & 0o020 != 0 else {
            return DoctorCheck(
                .problem, subject, found + ": the service, in group \(Self.groupName), cannot write it",
                fix: "the udev rule \(Self.udevRuleName) gives it to group \(Self.groupName): sudo udevadm trigger --subsystem-match=misc")
        }
        let screen = settings.configuration?.screen ?? ScreenSettings()
        return DoctorCheck(.ok, subject, found + ", \(screen.lcdSize), ROM \(screen.lcdROM.rawValue)")
    }
}
