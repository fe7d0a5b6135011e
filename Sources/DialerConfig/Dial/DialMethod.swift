// SPDX-License-Identifier: Apache-2.0

/// The `[dial]` table of t9dial.toml: how calls are placed, as one method with only its own
/// settings. Each method is a line in Telephony (`DialMethod.makeLine`, one folder there each);
/// adding one is a case here, its settings beside this file, and its folder there.
///
/// Keys of the other methods may stay in the table (a config switched from one method to
/// another): they are not read, and not checked.
public enum DialMethod: Sendable, Hashable {
    /// Write the dial to standard output (and the screen).
    case print
    /// Run a program with an argument list, never through a shell.
    case exec(ExecSettings)
    /// Send ATD to an AT modem on a serial port, and follow the call.
    case modem(ModemSettings)
    /// Ask a running baresip over its `ctrl_tcp` socket, and follow the call (SIP).
    case baresip(BaresipSettings)
    /// Ask ModemManager over D-Bus, and follow the call (a modem with voice calls).
    case modemManager(ModemManagerSettings)

    /// The method's name in the config: `method = "NAME"`.
    public var name: String {
        switch self {
        case .print: "print"
        case .exec: "exec"
        case .modem: "modem"
        case .baresip: "baresip"
        case .modemManager: "modemmanager"
        }
    }

    /// Every method's name, in the order the docs list them.
    public static let names = ["print", "exec", "modem", "baresip", "modemmanager"]
}

extension DialMethod {
    static let tableName = "dial"
    /// Every key of `[dial]`: `method`, and each method's own.
    static let keys = ["method"] + ExecSettings.keys + ModemSettings.keys + BaresipSettings.keys + ModemManagerSettings.keys

    init(reading table: TableReader, home: String?) throws(ConfigError) {
        try table.rejectUnknownKeys(keys: Self.keys)
        let name = try table.string("method", example: #"method = "exec""#) ?? "print"
        switch name {
        case "print": self = .print
        case "exec": self = .exec(try ExecSettings(reading: table))
        case "modem": self = .modem(try ModemSettings(reading: table, home: home))
        case "baresip": self = .baresip(try BaresipSettings(reading: table))
        case "modemmanager": self = .modemManager(try ModemManagerSettings(reading: table))
        default:
            throw table.error(
                at: "method", "\(table.subject("method")) must be \(Self.names.map { "\"\($0)\"" }.joined(separator: ", ")), not \(TableReader.quoted(name))")
        }
    }

}
