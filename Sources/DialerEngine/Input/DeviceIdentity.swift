/// The `I:` line of a recording: which device it was, as the kernel names it.
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
        "bus \(EvemuRecording.hex(bus, width: 4)) vendor \(EvemuRecording.hex(vendor, width: 4)) "
            + "product \(EvemuRecording.hex(product, width: 4)) version \(EvemuRecording.hex(version, width: 4))"
    }
}
