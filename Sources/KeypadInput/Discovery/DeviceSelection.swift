// SPDX-License-Identifier: Apache-2.0

public import DialerEngine

/// A device with what it is to t9dial.
public struct ClassifiedDevice: Sendable, Hashable {
    public var info: InputDeviceInfo
    public var classification: DeviceClassification

    public init(info: InputDeviceInfo, classification: DeviceClassification) {
        self.info = info
        self.classification = classification
    }
}

/// A device t9dial reads: with which keymap, and whether to grab it.
public struct DeviceChoice: Sendable, Hashable, CustomStringConvertible {
    public var info: InputDeviceInfo
    public var classification: DeviceClassification
    /// The keymap its key codes are read with.
    public var keymap: Keymap
    /// Whether to grab it (once no key is down), keeping its keys from the console and others.
    public var grab: Bool

    public init(info: InputDeviceInfo, classification: DeviceClassification, keymap: Keymap, grab: Bool) {
        self.info = info
        self.classification = classification
        self.keymap = keymap
        self.grab = grab
    }

    public var path: String { info.path }

    /// `/dev/input/event3 "USB Numpad" (USB 05a4:9759), keymap usb-numpad, grabbed`.
    public var description: String {
        "\(info), keymap \(keymap.id), \(grab ? "grabbed" : "shared with other programs")"
    }
}

/// Which devices to read, out of those looked at, and why.
public struct DeviceSelection: Sendable, Hashable {
    /// The devices to read; empty when there is nothing to read.
    public var chosen: [DeviceChoice]
    /// Every device looked at, chosen or not.
    public var classified: [ClassifiedDevice]
    /// Why these devices, or why none and what to check.
    public var explanation: String

    public init(chosen: [DeviceChoice], classified: [ClassifiedDevice], explanation: String) {
        self.chosen = chosen
        self.classified = classified
        self.explanation = explanation
    }
}
