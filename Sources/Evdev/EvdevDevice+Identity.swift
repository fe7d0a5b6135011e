// SPDX-License-Identifier: Apache-2.0

import CLibevdev

/// What the device says it is: its name and ids, as `t9dial devices` lists them and udev rules
/// match them.
extension EvdevDevice {
    /// The device's name ("USB Numpad", "matrix-keypad"). (libevdev_get_name)
    public var name: String {
        String(cString: libevdev_get_name(handle))
    }

    /// The bus type (BUS_USB 0x03, BUS_HOST 0x19...). (libevdev_get_id_bustype)
    public var bus: UInt16 {
        UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle))
    }

    /// The vendor id, as in a udev rule's ATTRS{idVendor}. (libevdev_get_id_vendor)
    public var vendor: UInt16 {
        UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle))
    }

    /// The product id. (libevdev_get_id_product)
    public var product: UInt16 {
        UInt16(truncatingIfNeeded: libevdev_get_id_product(handle))
    }

    /// The device's version number. (libevdev_get_id_version)
    public var version: UInt16 {
        UInt16(truncatingIfNeeded: libevdev_get_id_version(handle))
    }

    /// Where the device is attached ("usb-0000:00:14.0-2/input0"), or nil when the driver does
    /// not say. (libevdev_get_phys)
    public var phys: String? {
        libevdev_get_phys(handle).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The device's unique id, such as a serial number, or nil. (libevdev_get_uniq)
    public var uniq: String? {
        libevdev_get_uniq(handle).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
