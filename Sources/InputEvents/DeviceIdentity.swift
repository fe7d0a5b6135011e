// SPDX-License-Identifier: Apache-2.0

/// Which device it is, as the kernel names it (EVIOCGID), and as a recording's `I:` line
/// writes it.
public struct DeviceIdentity: Sendable, Hashable, CustomStringConvertible {
    /// `BUS_USB` (0x03), `BUS_HOST` (0x19) for a matrix keypad, and so on.
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
    }

    /// `bus 0003 vendor 1c4f product 0043 version 0110`, in hex as evemu writes them.
    public var description: String {
        "bus \(Self.hex(bus)) vendor \(Self.hex(vendor)) product \(Self.hex(product)) version \(Self.hex(version))"
    }

    /// Four lowercase hex digits.
    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
