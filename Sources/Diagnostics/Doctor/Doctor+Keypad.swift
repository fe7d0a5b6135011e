// SPDX-License-Identifier: Apache-2.0

import KeypadInput

/// The check of the keypad: udev's link to it, and who may read it; without the link, the
/// devices that could be the keypad.
extension Doctor {
    /// 4. /dev/input/t9dial-keypad is there, belongs to group t9dial with mode 0660, and can be
    /// read; else which devices qualify as keypads, and the rule that would name one.
    func keypadCheck(_ settings: Settings) -> DoctorCheck {
        let subject = "keypad"
        let link = system.inputDirectory + "/" + DeviceDiscovery.udevLinkName
        guard let node = system.node(link) else { return missingLinkCheck(settings, link: link) }
        let device =
            (try? InputDeviceInfo.read(path: node.localPath, inputDirectory: system.path(system.inputDirectory)))
            .map { " \"\($0.name)\" (\($0.busName) \($0.vendorProduct))" } ?? ""
        let found = "\(link) -> \(node.path)\(device), group \(node.groupName), mode \(node.mode)"
        let reapply = "sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input"
        guard node.belongs(toGroup: Self.groupName, on: system) else {
            return DoctorCheck(
                .problem, subject, found + ", so the service cannot read it (the group must be t9dial)",
                fix: "create the group t9dial (see above), then " + reapply)
        }
        guard node.permissions & 0o777 == 0o660 else {
            return DoctorCheck(.warning, subject, found + ", not 0660 as 70-t9dial.rules sets it; another rule changes it", fix: reapply)
        }
        if system.runsAsRoot {
            return DoctorCheck(.ok, subject, found + "; you are root, and the service reads it through group t9dial")
        }
        guard node.isReadable else {
            return DoctorCheck(
                .warning, subject, found + "; the service reads it, but you cannot (t9dial run by you needs group t9dial)",
                fix: "sudo usermod -a -G t9dial $USER, then log in again"
            )
        }
        return DoctorCheck(.ok, subject, found + ", readable by you")
    }

    /// No link: the devices `t9dial devices` would find, and the rule that names a keypad.
    private func missingLinkCheck(_ settings: Settings, link: String) -> DoctorCheck {
        let subject = "keypad"
        let overlays = "check the keypad's wiring and its overlay (\(programFiles.overlaysGuide))"
        guard let keymaps = settings.keymaps else {
            return DoctorCheck(.problem, subject, "no \(link), and no keymaps to tell keypads by, since the config does not load (see config)")
        }
        let report = DeviceReport.scan(DeviceDiscovery(inputDirectory: system.path(system.inputDirectory), keymaps: keymaps))
        guard report.directoryExists else {
            return DoctorCheck(
                .problem, subject,
                "no \(link), and no input devices at all: \(system.inputDirectory) does not exist "
                    + "(a build machine or a container has none); on the board, \(overlays)"
            )
        }
        var keypads: [InputDeviceInfo] = []
        var unreadable = 0
        for entry in report.entries {
            switch entry {
            case .device(let device) where device.classification.kind == .dedicatedKeypad: keypads.append(device.info)
            case .device: break
            case .unreadable: unreadable += 1
            }
        }
        guard let first = keypads.first else {
            let cannotOpen =
                unreadable == 0
                ? ""
                : "; \(Self.count(unreadable, "device")) could not be opened"
                    + (system.runsAsRoot ? "" : ": run t9dial doctor as root to look at them")
            return DoctorCheck(
                .problem, subject,
                "no \(link), and no input device qualifies as a keypad "
                    + "(\(Self.count(report.entries.count, "device")) in \(system.inputDirectory)\(cannotOpen)); "
                    + "\(overlays); t9dial devices says what each device lacks"
            )
        }
        let named = keypads.map { describe($0) }.joined(separator: ", ")
        let device = system.systemPath(of: first.byIDLink ?? first.path)
        return DoctorCheck(
            .problem, subject,
            "no \(link): no udev rule names the keypad; \(keypads.count == 1 ? "this device qualifies" : "these devices qualify"): \(named)",
            fix: "t9dial udev-rule --device \(device) | sudo tee \(UdevRule.installPath)"
                + " && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input"
        )
    }

    /// `/dev/input/event3 "USB Numpad" (USB 05a4:9759)`, with the path on the checked system.
    private func describe(_ device: InputDeviceInfo) -> String {
        var device = device
        device.path = system.systemPath(of: device.path)
        return device.description
    }
}
