// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// `method = "modem"`: the AT modem's serial port and its speed.
public struct ModemSettings: DialMethodSettings {
    public static let name = "modem"
    /// The modem's AT port, `/dev/ttyUSB2` or better its `/dev/serial/by-id/` link.
    public var device: String
    /// The port's speed.
    public var baud: Int

    public init(device: String, baud: Int = 115_200) {
        self.device = device
        self.baud = baud
    }

    /// The speeds a serial port can be set to.
    public static let baudRates = [9600, 19_200, 38_400, 57_600, 115_200, 230_400, 460_800, 921_600]

    public static let keys = ["device", "baud"]

    public init(reading table: DialTable) throws(ConfigError) {
        guard let path = try table.string("device", example: #"device = "/dev/ttyUSB2""#), !path.isEmpty else {
            throw table.error(at: "method", #"method = "modem" needs device = "/dev/ttyUSB2" (the modem's AT port)"#)
        }
        let baud = try table.integer("baud", example: "baud = 115200") ?? 115_200
        guard Self.baudRates.contains(baud) else {
            throw table.error(at: "baud", "\(table.subject("baud")) must be one of \(Self.baudRates.map(String.init).joined(separator: ", ")); found \(baud)")
        }
        self.init(device: table.expandedPath(path), baud: baud)
    }

    public var method: DialMethod { .modem(self) }

    public func makeLine() throws(DialSetupError) -> any CallLine {
        ModemCallLine(device: device, baud: try ModemBaud(baud))
    }

    public var tomlSettings: [ConfigSetting] { [ConfigSetting("device", .path(device)), ConfigSetting("baud", .integer(baud))] }

    /// The modem's port, which may be unplugged where the config is checked.
    public func findings(on system: any DialSystem) -> [DialFinding] {
        guard !system.exists(device) else { return [] }
        return [.problem("device", "the modem's port \(device) does not exist; is the modem plugged in? ls -l /dev/serial/by-id/ lists the ports")]
    }
}
