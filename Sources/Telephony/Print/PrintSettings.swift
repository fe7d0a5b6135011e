// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// `method = "print"`, the default: no keys of its own, nothing on the system it needs.
public struct PrintSettings: DialMethodSettings {
    public static let name = "print"
    public static let keys: [String] = []

    public init() {}

    public init(reading table: DialTable) throws(ConfigError) {}

    public var method: DialMethod { .print }

    public func makeLine() throws(DialSetupError) -> any CallLine { PrintLine() }

    public var tomlSettings: [ConfigSetting] { [] }

    public func findings(on system: any DialSystem) -> [DialFinding] { [] }

    public static let followsCalls = false

    /// It has no ringer of its own: t9dial's `[sound]` rings its calls.
    public func ownRinger(on system: any DialDoctorSystem) -> OwnRinger? { nil }
    public static let ringsByDefault = false

    public func doctorChecks(on system: any DialDoctorSystem) -> [DialCheck] {
        [DialCheck(.ok, "dial", "method \(Self.name), no modem to check")]
    }
}
