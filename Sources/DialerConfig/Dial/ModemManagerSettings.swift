// SPDX-License-Identifier: Apache-2.0

/// `method = "modemmanager"`: which of ModemManager's modems calls.
public struct ModemManagerSettings: Sendable, Hashable {
    /// "any" (the first with voice calls), its index as `mmcli -L` lists it, or its D-Bus
    /// object path.
    public var modem: String

    public init(modem: String = "any") {
        self.modem = modem
    }

    static let keys = ["modem"]

    init(reading table: TableReader) throws(ConfigError) {
        let modem = try table.string("modem", example: #"modem = "any""#) ?? "any"
        let isIndex = !modem.isEmpty && modem.allSatisfy(\.isASCII) && modem.allSatisfy(\.isNumber)
        guard modem == "any" || isIndex || modem.hasPrefix("/org/freedesktop/ModemManager1/Modem/") else {
            throw table.error(
                at: "modem",
                "\(table.subject("modem")) must be \"any\", a modem's index as mmcli -L lists it (\"0\"), or its D-Bus path; found \(TableReader.quoted(modem))"
            )
        }
        self.init(modem: modem)
    }
}
