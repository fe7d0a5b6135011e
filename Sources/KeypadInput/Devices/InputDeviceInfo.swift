// SPDX-License-Identifier: Apache-2.0

/// What t9dial knows about one input device: where it is, what it calls itself and which keys
/// it has. Read from an open device, or built by hand in tests, since discovery and
/// classification work on these values alone.
public struct InputDeviceInfo: Sendable, Hashable, CustomStringConvertible {
    /// The event node ("/dev/input/event3"), symbolic links resolved.
    public var path: String
    /// The links pointing at it: udev's by-id and by-path names, and t9dial's own udev link.
    public var links: [String]
    /// The device's name ("USB Numpad").
    public var name: String
    /// The bus type (0x03 USB, 0x19 host...).
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    /// Where the device is attached, when the driver says.
    public var phys: String?
    /// Every key code the device can send.
    public var keyCodes: Set<UInt16>

    public init(
        path: String, links: [String] = [], name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0,
        phys: String? = nil, keyCodes: Set<UInt16>
    ) {
        self.path = path
        self.links = links
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.phys = phys
        self.keyCodes = keyCodes
    }

    /// "05a4:9759", as lsusb and udev rules write them.
    public var vendorProduct: String { "\(Self.hex(vendor)):\(Self.hex(product))" }

    /// "USB", "Bluetooth", "host" (a GPIO keypad)...
    public var busName: String { BusType.name(of: bus) }

    /// The stable by-id name, the best one to give `--device`, when udev made one.
    public var byIDLink: String? { links.first { $0.contains("/by-id/") } }

    /// `/dev/input/event3 "USB Numpad" (USB 05a4:9759)`.
    public var description: String { "\(path) \"\(name)\" (\(busName) \(vendorProduct))" }

    /// Four lower-case hex digits, as sysfs writes ids (id/vendor) and lsusb prints them.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
