// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// The `[dial]` table of t9dial.toml: how calls are placed, as one method with only its own
/// settings. Each method is a folder of this module (Print/, Exec/, Modem/, Baresip/,
/// ModemManager/) holding all of it, through its settings type (`DialMethodSettings`): the
/// keys it reads and checks, its line, its `config show` keys, its config check and its
/// doctor checks. Adding one is its folder and its case here: the compiler then names each
/// `switch` below that must say which it is (`settings`, `kind`, `Kind.settingsType`).
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

    /// The method's settings, which its folder acts on: the one `switch` over the methods.
    public var settings: any DialMethodSettings {
        switch self {
        case .print: PrintSettings()
        case .exec(let exec): exec
        case .modem(let modem): modem
        case .baresip(let baresip): baresip
        case .modemManager(let modemManager): modemManager
        }
    }

    /// The method without its settings, for reading `method = "NAME"`: each kind's settings
    /// type reads its method. A new case's kind is named here by the compiler, then its type
    /// in `Kind.settingsType`.
    public var kind: Kind {
        switch self {
        case .print: .print
        case .exec: .exec
        case .modem: .modem
        case .baresip: .baresip
        case .modemManager: .modemManager
        }
    }

    /// The methods without their settings, in the order the docs list them.
    public enum Kind: Sendable, Hashable, CaseIterable {
        case print, exec, modem, baresip, modemManager

        /// The settings type of the method, which reads it.
        public var settingsType: any DialMethodSettings.Type {
            switch self {
            case .print: PrintSettings.self
            case .exec: ExecSettings.self
            case .modem: ModemSettings.self
            case .baresip: BaresipSettings.self
            case .modemManager: ModemManagerSettings.self
            }
        }
    }

    /// Every method's settings type, in the order the docs list them.
    static let methods = Kind.allCases.map { $0.settingsType }

    /// The method's name in the config: `method = "NAME"`.
    public var name: String { type(of: settings).name }

    /// Every method's name, in the order the docs list them.
    public static let names = methods.map { $0.name }

    /// Every key of `[dial]`: `method`, `voicemail` and `emergency_numbers` (read with the
    /// config, for every method), and each method's own.
    public static let keys = ["method", "voicemail", "emergency_numbers"] + methods.flatMap { $0.keys }

    /// The configured method's line, set up now so a bad setting is reported at start.
    public func makeLine() throws(DialSetupError) -> any CallLine {
        try settings.makeLine()
    }

    /// What `t9dial config check` finds wrong with what the method names, on `system`.
    public func findings(on system: any DialSystem) -> [DialFinding] {
        settings.findings(on: system)
    }

    /// What `t9dial doctor` finds of the method on `system`.
    public func doctorChecks(on system: any DialDoctorSystem) -> [DialCheck] {
        settings.doctorChecks(on: system)
    }
}

extension DialMethod: DialSettings {
    public static var unwritten: DialMethod { .print }

    public init(reading table: DialTable) throws(ConfigError) {
        try table.rejectUnknownKeys(keys: Self.keys)
        let name = try table.string("method", example: #"method = "exec""#) ?? PrintSettings.name
        guard let method = Self.methods.first(where: { $0.name == name }) else {
            throw table.error(
                at: "method", "\(table.subject("method")) must be \(Self.names.map { "\"\($0)\"" }.joined(separator: ", ")), not \(DialTable.quoted(name))")
        }
        self = try method.init(reading: table).method
    }

    public var tomlSettings: [ConfigSetting] {
        [ConfigSetting("method", .string(name))] + settings.tomlSettings
    }
}

extension DialerConfiguration {
    /// The `[dial]` method: what the config's `[dial]` reads as, `print` when it has none.
    public var dial: DialMethod {
        get { (dialSettings as? DialMethod) ?? .unwritten }
        set { dialSettings = newValue }
    }
}
