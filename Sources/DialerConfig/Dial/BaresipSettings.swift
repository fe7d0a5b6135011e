// SPDX-License-Identifier: Apache-2.0

import DialOutcomes

/// `method = "baresip"`: where the running baresip's `ctrl_tcp` listens.
public struct BaresipSettings: Sendable, Hashable {
    /// On this machine: "127.0.0.1:4444" (ctrl_tcp has no password).
    public var control: String

    public init(control: String = BaresipSettings.defaultControl) {
        self.control = control
    }

    /// baresip's `ctrl_tcp_listen` in the example config shipped in Config/baresip/.
    public static let defaultControl = "127.0.0.1:4444"

    static let keys = ["control"]

    init(reading table: TableReader) throws(ConfigError) {
        let address = try table.string("control", example: #"control = "127.0.0.1:4444""#) ?? Self.defaultControl
        // ctrl_tcp has no password: only a port on this machine will do.
        do {
            _ = try BaresipControlAddress(parsing: address)
        } catch {
            throw table.error(at: "control", "\(table.subject("control")): \(error.description)")
        }
        self.init(control: address)
    }
}
