// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
import DialerEngine
public import KeypadInput
import Phonebook

/// What `t9dial devices` and `t9dial udev-rule` find out about the input devices: which keypad
/// t9dial would read and why, and a udev rule for one device, each with the keymaps the config
/// (or `--keymap`) chooses, as `t9dial run` would choose them.
public enum KeypadDevices {
    /// Where a local udev rule is saved, before t9dial's own rule that links the keypad.
    public static let udevRuleInstallPath = UdevRule.installPath

    /// Why a udev rule could not be made, as a message for the user.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The devices in `inputDirectory`, and the one `t9dial run` would read: the config's
    /// `[keypad]` with `device` and `keymap` (a keymap id, or auto) in place of the config's.
    public static func report(
        inputDirectory: String, device: String?, keymap: String?, configFile: String?, dataDirectory: String?
    ) throws(ConfigError) -> DeviceReport {
        let configuration = try Book.loadConfiguration(file: configFile)
        let keypad = configuration.keypad
        let keymaps = try KeymapCatalog.candidateKeymaps(id: keymap, configuration: configuration, dataDirectory: dataDirectory)
        return DeviceReport.scan(
            DeviceDiscovery(inputDirectory: inputDirectory, namedDevice: device ?? keypad.device, keymaps: keymaps, grab: keypad.grab))
    }

    /// A udev rule for the device at `device` (an event node or a link to one), classified
    /// with the keymaps of `keymap` (a keymap id, or auto) or the config's.
    public static func udevRule(device: String, keymap: String?, configFile: String?, dataDirectory: String?) throws(Failure) -> UdevRule {
        let info: InputDeviceInfo
        do {
            info = try InputDeviceInfo.read(path: device, inputDirectory: "/dev/input")
        } catch {
            throw Failure(description: UdevRule.openingProblem(error, requestedPath: device))
        }
        let keymaps: [Keymap]
        do {
            keymaps = try KeymapCatalog.candidateKeymaps(
                id: keymap, configuration: Book.loadConfiguration(file: configFile), dataDirectory: dataDirectory)
        } catch {
            throw Failure(description: error.description)
        }
        return UdevRule(
            device: info, requestedPath: device, classification: DeviceClassifier.classify(keys: info.keyCodes, keymaps: keymaps))
    }
}
