// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// `method = "modemmanager"`: which of ModemManager's modems calls.
public struct ModemManagerSettings: DialMethodSettings {
    public static let name = "modemmanager"
    /// "any" (the first with voice calls), its index as `mmcli -L` lists it, or its D-Bus
    /// object path.
    public var modem: String

    public init(modem: String = "any") {
        self.modem = modem
    }

    public static let keys = ["modem"]

    public init(reading table: DialTable) throws(ConfigError) {
        let modem = try table.string("modem", example: #"modem = "any""#) ?? "any"
        let isIndex = !modem.isEmpty && modem.allSatisfy(\.isASCII) && modem.allSatisfy(\.isNumber)
        guard modem == "any" || isIndex || modem.hasPrefix("/org/freedesktop/ModemManager1/Modem/") else {
            throw table.error(
                at: "modem",
                "\(table.subject("modem")) must be \"any\", a modem's index as mmcli -L lists it (\"0\"), or its D-Bus path; found \(DialTable.quoted(modem))"
            )
        }
        self.init(modem: modem)
    }

    public var method: DialMethod { .modemManager(self) }

    public func makeLine() throws(DialSetupError) -> any CallLine {
        if let problem = ModemManagerLine.libraryProblem { throw .lineUnavailable(problem) }
        return ModemManagerLine(modem: modem)
    }

    public var tomlSettings: [ConfigSetting] { [ConfigSetting("modem", .string(modem))] }

    /// ModemManager's own program, where t9dial runs; what it says of the modem is doctor's
    /// work.
    public func findings(on system: any DialSystem) -> [DialFinding] {
        let daemons = ["/usr/sbin/ModemManager", "/usr/local/sbin/ModemManager"]
        guard !daemons.contains(where: system.exists) else { return [] }
        return [
            .warning(
                "method",
                "ModemManager is not installed here (no \(daemons.joined(separator: " or "))); "
                    + "install it where t9dial runs: sudo apt install modemmanager")
        ]
    }
}
