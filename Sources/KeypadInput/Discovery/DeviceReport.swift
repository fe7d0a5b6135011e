// SPDX-License-Identifier: Apache-2.0

public import Evdev

/// Every input device with what it is to t9dial, and which devices it would read: what
/// `t9dial devices` prints, to check a keypad before running t9dial.
public struct DeviceReport: Sendable {
    /// A device as listed: readable, with its classification, or not.
    public enum Entry: Sendable, Hashable {
        case device(ClassifiedDevice)
        case unreadable(EvdevError)

        public var path: String {
            switch self {
            case .device(let device): device.info.path
            case .unreadable(let error): error.path
            }
        }
    }

    public var discovery: DeviceDiscovery
    /// Whether the input directory exists at all (it does not on a build machine).
    public var directoryExists: Bool
    /// Every event node, and the `--device` or udev link's node if it is elsewhere.
    public var entries: [Entry]
    /// What t9dial would read.
    public var selection: DeviceSelection

    public init(discovery: DeviceDiscovery, directoryExists: Bool, entries: [Entry], selection: DeviceSelection) {
        self.discovery = discovery
        self.directoryExists = directoryExists
        self.entries = entries
        self.selection = selection
    }

    /// Opens every event node of the discovery's input directory just long enough to describe
    /// it, and chooses among them as t9dial would.
    public static func scan(_ discovery: DeviceDiscovery) -> DeviceReport {
        let source = discovery.currentSource()
        let candidates = discovery.candidates(for: source)
        let nodes = DeviceLinks.eventNodes(in: discovery.inputDirectory).map { DeviceLinks.resolve($0) ?? $0 }
        var entries: [Entry] = []
        for path in nodes + candidates.filter({ !nodes.contains($0) }) {
            do {
                let info = try InputDeviceInfo.read(path: path, inputDirectory: discovery.inputDirectory)
                let classification = DeviceClassifier.classify(keys: info.keyCodes, keymaps: discovery.keymaps)
                entries.append(.device(ClassifiedDevice(info: info, classification: classification)))
            } catch {
                entries.append(.unreadable(error))
            }
        }
        let considered = entries.filter { candidates.contains($0.path) }
        let selection = discovery.choose(
            from: considered.compactMap { if case .device(let device) = $0 { device.info } else { nil } },
            source: source,
            unreadable: considered.compactMap { if case .unreadable(let error) = $0 { error } else { nil } }
        )
        return DeviceReport(
            discovery: discovery, directoryExists: DeviceLinks.exists(discovery.inputDirectory), entries: entries,
            selection: selection
        )
    }

    /// Whether t9dial would read at least one device.
    public var readsSomething: Bool { !selection.chosen.isEmpty }

    /// The listing: each device with its links, ids and classification, then what t9dial
    /// would read, or why nothing and what to check.
    public var text: String {
        let directory = discovery.inputDirectory
        guard directoryExists else {
            return """
                no input devices: \(directory) does not exist.
                Check: are you on the board (a build machine or a container has no input devices)? \
                Is the keypad plugged in, or its device tree overlay loaded? \
                ls \(directory) lists the event devices, and dmesg | tail says whether the kernel saw the keypad.
                """
        }
        let keymaps = discovery.keymaps.map(\.id).joined(separator: ", ")
        var lines = ["Input devices in \(directory) (keymap\(discovery.keymaps.count == 1 ? "" : "s") \(keymaps)):"]
        if entries.isEmpty { lines.append("  none") }
        for entry in entries {
            lines.append("")
            switch entry {
            case .device(let device):
                let info = device.info
                lines.append("\(info.path)  \"\(info.name)\"  \(info.busName) \(info.vendorProduct)")
                for link in info.links { lines.append("    link: \(link)") }
                lines.append("    \(device.classification.reason)")
            case .unreadable(let error):
                lines.append("\(error.path)  cannot be opened")
                lines.append("    \(error.message)")
            }
        }
        lines.append("")
        if selection.chosen.isEmpty {
            lines.append("t9dial would read nothing: \(selection.explanation)")
        } else {
            lines.append("t9dial would read (\(selection.explanation)):")
            for choice in selection.chosen { lines.append("  \(choice)") }
        }
        return lines.joined(separator: "\n")
    }
}
