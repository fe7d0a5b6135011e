// SPDX-License-Identifier: Apache-2.0

public import DialerEngine
public import Evdev

/// Which input devices t9dial reads, in this order:
/// 1. the device named with `--device PATH` (a by-id or by-path link works: it is resolved);
/// 2. else the device udev's rule linked as `/dev/input/t9dial-keypad`, when the link exists;
/// 3. else every event node in the input directory: the dedicated keypads when there are any,
///    else every full keyboard with the digit keys.
///
/// Grabbing: a dedicated keypad found by discovery, a `--device` and the udev link's device are
/// grabbed (unless `grab` is false, `--no-grab`); a full keyboard found by discovery never is,
/// since that would take it away from the console.
///
/// Reading the file system (which source, which nodes) and choosing among the devices read
/// are separate steps, so the choice is tested on `InputDeviceInfo` values.
public struct DeviceDiscovery: Sendable, Hashable {
    /// The name of the link t9dial's udev rule makes to the keypad, in the input directory.
    public static let udevLinkName = "t9dial-keypad"

    /// The folder of event nodes: /dev/input, or a temporary folder in tests.
    public var inputDirectory: String
    /// The path given with `--device`, as given.
    public var namedDevice: String?
    /// The keymaps to read devices with, in order: one, or several for "auto".
    public var keymaps: [Keymap]
    /// False with `--no-grab`: share every device with other programs.
    public var grab: Bool
    /// For `t9dial monitor`: read every event node (unless one is named), whatever it is and
    /// whatever the udev link says, so that a key on a device t9dial would not read shows too.
    /// A device with no keymap's digits is read with `Keymap.none`. Nothing is grabbed.
    public var everyDevice: Bool

    public init(
        inputDirectory: String = "/dev/input", namedDevice: String? = nil, keymaps: [Keymap], grab: Bool = true, everyDevice: Bool = false
    ) {
        self.inputDirectory = inputDirectory
        self.namedDevice = namedDevice
        self.keymaps = keymaps
        self.grab = grab && !everyDevice
        self.everyDevice = everyDevice
    }

    /// Where the devices come from this time.
    public enum Source: Sendable, Hashable {
        /// `--device`: the path as given, and the node it leads to (nil while nothing is there).
        case named(String, node: String?)
        /// The udev rule's link, and the node it points at.
        case udevLink(String, node: String)
        /// Every event node in the input directory.
        case allDevices
    }

    /// `<input directory>/t9dial-keypad`.
    public var udevLinkPath: String { DeviceLinks.join(inputDirectory, Self.udevLinkName) }

    /// Where to look now, following links as they are at this moment (a replugged keypad's
    /// by-id link may lead to another event node).
    public func currentSource() -> Source {
        if let namedDevice {
            return .named(namedDevice, node: DeviceLinks.resolve(namedDevice))
        }
        if !everyDevice, let node = DeviceLinks.resolve(udevLinkPath) {
            return .udevLink(udevLinkPath, node: node)
        }
        return .allDevices
    }

    /// The nodes to open for a source, links resolved.
    public func candidates(for source: Source) -> [String] {
        switch source {
        case .named(_, let node): node.map { [$0] } ?? []
        case .udevLink(_, let node): [node]
        case .allDevices: DeviceLinks.eventNodes(in: inputDirectory).map { DeviceLinks.resolve($0) ?? $0 }
        }
    }

    /// The devices to read among those read from the source's candidates. `unreadable` are the
    /// candidates that could not be opened, mentioned when nothing is chosen.
    public func choose(from devices: [InputDeviceInfo], source: Source, unreadable: [EvdevError] = []) -> DeviceSelection {
        let classified = devices.map {
            ClassifiedDevice(info: $0, classification: DeviceClassifier.classify(keys: $0.keyCodes, keymaps: keymaps))
        }
        switch source {
        case .named(let requested, let node):
            guard let node else {
                return DeviceSelection(
                    chosen: [], classified: classified,
                    explanation: "--device \(requested): nothing is there yet (t9dial run waits for it); "
                        + "is the keypad plugged in? ls -l \(requested)"
                )
            }
            return single(node: node, named: "--device \(requested)", classified: classified, unreadable: unreadable)
        case .udevLink(let link, let node):
            return single(node: node, named: "the udev link \(link)", classified: classified, unreadable: unreadable)
        case .allDevices:
            return discovered(classified, unreadable: unreadable)
        }
    }

    /// The one device a user or udev rule named.
    private func single(node: String, named: String, classified: [ClassifiedDevice], unreadable: [EvdevError]) -> DeviceSelection {
        guard let device = classified.first(where: { $0.info.path == node }) else {
            let why = unreadable.first { $0.path == node }.map { ": \($0.message)" } ?? ""
            return DeviceSelection(chosen: [], classified: classified, explanation: "\(named) (\(node)) could not be opened\(why)")
        }
        guard let keymap = device.classification.keymap ?? (everyDevice ? Keymap.none : nil) else {
            return DeviceSelection(
                chosen: [], classified: classified,
                explanation: "\(named) (\(device.info)) cannot be read as a keypad: \(device.classification.reason)"
            )
        }
        let choice = DeviceChoice(info: device.info, classification: device.classification, keymap: keymap, grab: grab)
        return DeviceSelection(
            chosen: [choice], classified: classified, explanation: "\(named): \(device.info), \(device.classification.reason)"
        )
    }

    /// Auto-discovery: keypads first, else full keyboards (never grabbed); or, for the
    /// monitor, every device.
    private func discovered(_ classified: [ClassifiedDevice], unreadable: [EvdevError]) -> DeviceSelection {
        if everyDevice, !classified.isEmpty {
            let every = classified.map {
                DeviceChoice(info: $0.info, classification: $0.classification, keymap: $0.classification.keymap ?? .none, grab: false)
            }
            return DeviceSelection(chosen: every, classified: classified, explanation: Self.count(every.count, "input device") + " in \(inputDirectory)")
        }
        func choices(_ kind: DeviceClassification.Kind, grab: Bool) -> [DeviceChoice] {
            classified.compactMap { device in
                guard device.classification.kind == kind, let keymap = device.classification.keymap else { return nil }
                return DeviceChoice(info: device.info, classification: device.classification, keymap: keymap, grab: grab)
            }
        }
        let keypads = choices(.dedicatedKeypad, grab: grab)
        if !keypads.isEmpty {
            return DeviceSelection(
                chosen: keypads, classified: classified,
                explanation: Self.count(keypads.count, "dedicated keypad") + " found in \(inputDirectory)"
            )
        }
        let keyboards = choices(.fullKeyboard, grab: false)
        if !keyboards.isEmpty {
            return DeviceSelection(
                chosen: keyboards, classified: classified,
                explanation: "no dedicated keypad found in \(inputDirectory); reading the digit keys of "
                    + Self.count(keyboards.count, "full keyboard") + ", shared with other programs"
            )
        }
        var explanation =
            classified.isEmpty && unreadable.isEmpty
            ? "no input devices in \(inputDirectory)"
            : "no keypad among the " + Self.count(classified.count + unreadable.count, "input device") + " in \(inputDirectory)"
        if !unreadable.isEmpty {
            explanation += " (" + Self.count(unreadable.count, "device") + " could not be opened: \(unreadable[0].message))"
        }
        explanation +=
            "; is the keypad plugged in? are you on the board? ls -l \(inputDirectory)"
            + (classified.isEmpty ? "" : "; t9dial devices says what each device lacks")
        return DeviceSelection(chosen: [], classified: classified, explanation: explanation)
    }

    /// "1 full keyboard", "2 full keyboards".
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

extension Keymap {
    /// No key means anything: how `t9dial monitor` reads a device that no keymap fits, so that
    /// its keys show as "not in keymap".
    public static let none = Keymap(id: "none", name: "no keymap", roles: [:])
}
