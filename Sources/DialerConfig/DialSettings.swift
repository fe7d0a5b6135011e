// SPDX-License-Identifier: Apache-2.0

import DialOutcomes

/// The `[dial]` table of t9dial.toml: how a call is placed.
public struct DialSettings: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// Write the dial to standard output (and the screen).
        case print
        /// Run a program with an argument list, never through a shell.
        case exec
        /// Send ATD to an AT modem on a serial port, and follow the call.
        case modem
        /// Ask a running baresip over its `ctrl_tcp` socket, and follow the call (SIP).
        case baresip
        /// Ask ModemManager over D-Bus, and follow the call (a modem with voice calls).
        case modemmanager
    }

    public var method: Method
    /// For `exec`: the program and its arguments; `{number}` is replaced by the number.
    public var command: [String]
    /// For `exec`: the program that ends the call (long `#` or the hang-up key on the calling
    /// screen), with `{number}` replaced as in `command`; empty when the method has none.
    public var hangUpCommand: [String]
    /// For `modem`: the serial port.
    public var device: String?
    /// For `modem`: the port's speed.
    public var baud: Int
    /// How long a dial may take before it is reported as timed out.
    public var timeoutSeconds: Int
    /// For `baresip`: where its `ctrl_tcp` listens, on this machine: "127.0.0.1:4444".
    public var control: String
    /// For `modemmanager`: which modem: "any" (the first with voice calls), its index as
    /// `mmcli -L` lists it, or its D-Bus object path.
    public var modem: String

    public init(
        method: Method = .print, command: [String] = [], hangUpCommand: [String] = [], device: String? = nil,
        baud: Int = 115_200, timeoutSeconds: Int = 30, control: String = DialSettings.defaultControl, modem: String = "any"
    ) {
        self.method = method
        self.command = command
        self.hangUpCommand = hangUpCommand
        self.device = device
        self.baud = baud
        self.timeoutSeconds = timeoutSeconds
        self.control = control
        self.modem = modem
    }

    /// baresip's `ctrl_tcp_listen` in the example config shipped in Config/baresip/.
    public static let defaultControl = "127.0.0.1:4444"

    /// The speeds a serial port can be set to.
    public static let baudRates = [9600, 19_200, 38_400, 57_600, 115_200, 230_400, 460_800, 921_600]
}

extension DialSettings {
    static let tableName = "dial"
    static let keys = ["method", "command", "hangup_command", "device", "baud", "timeout_s", "control", "modem"]

    init(reading table: TableReader, home: String?) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)
        if let text = try table.string("method", example: #"method = "exec""#) {
            guard let value = Method(rawValue: text) else {
                throw table.error(
                    at: "method",
                    "\(table.subject("method")) must be \"print\", \"exec\", \"modem\", \"baresip\" or \"modemmanager\", not \(TableReader.quoted(text))")
            }
            method = value
        }
        if let words = try table.strings("command", example: #"command = ["mmcli", "-m", "any", "--voice-create-call", "number={number}"]"#) {
            command = words
        }
        if let words = try table.strings("hangup_command", example: #"hangup_command = ["mmcli", "-m", "any", "--voice-hangup-all"]"#) {
            hangUpCommand = words
        }
        if let path = try table.string("device", example: #"device = "/dev/ttyUSB2""#), !path.isEmpty {
            device = PathExpansion.expand(path, configFile: table.document.file, home: home)
        }
        if let speed = try table.integer("baud", example: "baud = 115200") {
            guard Self.baudRates.contains(speed) else {
                throw table.error(
                    at: "baud", "\(table.subject("baud")) must be one of \(Self.baudRates.map(String.init).joined(separator: ", ")); found \(speed)")
            }
            baud = speed
        }
        if let address = try table.string("control", example: #"control = "127.0.0.1:4444""#) {
            // ctrl_tcp has no password: only a port on this machine will do.
            do {
                _ = try BaresipControlAddress(parsing: address)
            } catch {
                throw table.error(at: "control", "\(table.subject("control")): \(error.description)")
            }
            control = address
        }
        if let modem = try table.string("modem", example: #"modem = "any""#) {
            let isIndex = !modem.isEmpty && modem.allSatisfy(\.isASCII) && modem.allSatisfy(\.isNumber)
            guard modem == "any" || isIndex || modem.hasPrefix("/org/freedesktop/ModemManager1/Modem/") else {
                throw table.error(
                    at: "modem",
                    "\(table.subject("modem")) must be \"any\", a modem's index as mmcli -L lists it (\"0\"), or its D-Bus path; found \(TableReader.quoted(modem))"
                )
            }
            self.modem = modem
        }
        timeoutSeconds =
            try table.integer("timeout_s", in: 1...600, example: "timeout_s = 30", meaning: "how long a dial may take, in seconds") ?? timeoutSeconds
        // A method without what it needs is an error here, not at the first dial.
        if method == .exec, command.isEmpty {
            throw table.error(at: "method", #"method = "exec" needs command = ["program", "argument", ...] with {number} where the number goes"#)
        }
        if method == .exec, !command.joined().contains("{number}") {
            throw table.error(at: "command", "\(table.subject("command")) must contain {number}, where the number to dial goes")
        }
        if !hangUpCommand.isEmpty, hangUpCommand[0].isEmpty {
            throw table.error(at: "hangup_command", "\(table.subject("hangup_command")) must start with the program to run")
        }
        if method == .modem, device == nil {
            throw table.error(at: "method", #"method = "modem" needs device = "/dev/ttyUSB2" (the modem's AT port)"#)
        }
    }
}
