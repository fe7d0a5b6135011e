// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
import DialOutcomes

/// `method = "baresip"`: where the running baresip's `ctrl_tcp` listens.
public struct BaresipSettings: DialMethodSettings {
    public static let name = "baresip"
    /// On this machine: "127.0.0.1:4444" (ctrl_tcp has no password).
    public var control: String

    public init(control: String = BaresipSettings.defaultControl) {
        self.control = control
    }

    /// baresip's `ctrl_tcp_listen` in the example config shipped in Config/baresip/.
    public static let defaultControl = "127.0.0.1:4444"

    public static let keys = ["control"]

    public init(reading table: DialTable) throws(ConfigError) {
        let address = try table.string("control", example: #"control = "127.0.0.1:4444""#) ?? Self.defaultControl
        // ctrl_tcp has no password: only a port on this machine will do.
        do {
            _ = try BaresipControlAddress(parsing: address)
        } catch {
            throw table.error(at: "control", "\(table.subject("control")): \(error.description)")
        }
        self.init(control: address)
    }

    public var method: DialMethod { .baresip(self) }

    public func makeLine() throws(DialSetupError) -> any CallLine {
        do {
            return try BaresipLine(control: control)
        } catch {
            throw .badControlAddress(error.description)
        }
    }

    public var tomlSettings: [ConfigSetting] { [ConfigSetting("control", .string(control))] }

    /// Its address is checked when the file is read; reaching it is doctor's work.
    public func findings(on system: any DialSystem) -> [DialFinding] { [] }
}
