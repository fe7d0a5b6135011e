// SPDX-License-Identifier: Apache-2.0

/// `method = "modem"`: the AT modem's serial port and its speed.
public struct ModemSettings: Sendable, Hashable {
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

    static let keys = ["device", "baud"]

    init(reading table: TableReader, home: String?) throws(ConfigError) {
        guard let path = try table.string("device", example: #"device = "/dev/ttyUSB2""#), !path.isEmpty else {
            throw table.error(at: "method", #"method = "modem" needs device = "/dev/ttyUSB2" (the modem's AT port)"#)
        }
        let baud = try table.integer("baud", example: "baud = 115200") ?? 115_200
        guard Self.baudRates.contains(baud) else {
            throw table.error(at: "baud", "\(table.subject("baud")) must be one of \(Self.baudRates.map(String.init).joined(separator: ", ")); found \(baud)")
        }
        self.init(device: PathExpansion.expand(path, configFile: table.document.file, home: home), baud: baud)
    }
}
