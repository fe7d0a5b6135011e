// SPDX-License-Identifier: Apache-2.0

/// Names of the bus types in linux/input.h, for listing devices.
enum BusType {
    static func name(of bus: UInt16) -> String {
        switch bus {
        case 0x01: "PCI"
        case 0x03: "USB"
        case 0x05: "Bluetooth"
        case 0x06: "virtual"
        case 0x10: "ISA"
        case 0x11: "i8042"
        case 0x18: "I2C"
        case 0x19: "host"
        case 0x1C: "SPI"
        case 0x1F: "virtual"
        default: "bus 0x" + String(bus, radix: 16)
        }
    }
}
