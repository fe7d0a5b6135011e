// SPDX-License-Identifier: Apache-2.0

public import Evdev

/// Reading an `InputDeviceInfo` from an open device.
extension InputDeviceInfo {
    /// The description of an open device, with the links to it found in `inputDirectory`. The
    /// path is the node's, with links resolved, however the device was named.
    public init(_ device: borrowing EvdevDevice, inputDirectory: String) {
        self.init(
            path: DeviceLinks.resolve(device.path) ?? device.path,
            links: DeviceLinks.links(to: device.path, in: inputDirectory),
            name: device.name,
            bus: device.bus,
            vendor: device.vendor,
            product: device.product,
            phys: device.phys,
            keyCodes: Set(device.keyCodes)
        )
    }

    /// Opens the device at `path` just long enough to describe it.
    public static func read(path: String, inputDirectory: String) throws(EvdevError) -> InputDeviceInfo {
        let device = try EvdevDevice(path: path)
        return InputDeviceInfo(device, inputDirectory: inputDirectory)
    }
}
