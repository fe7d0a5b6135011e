// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// `method = "exec"`: the program that places a call, and the one that ends it.
public struct ExecSettings: DialMethodSettings {
    public static let name = "exec"
    /// The program and its arguments; `{number}` is replaced by the number, `{name}` by the
    /// contact's name.
    public var command: [String]
    /// The program that ends the call (long `#` or the hang-up key on the calling screen),
    /// with `{number}` replaced as in `command`; empty when there is none.
    public var hangUpCommand: [String]
    /// How long the program may take before the dial is reported as timed out.
    public var timeoutSeconds: Int

    public init(command: [String], hangUpCommand: [String] = [], timeoutSeconds: Int = 30) {
        self.command = command
        self.hangUpCommand = hangUpCommand
        self.timeoutSeconds = timeoutSeconds
    }

    public static let keys = ["command", "hangup_command", "timeout_s"]

    /// Reads the method's keys; a method without what it needs is an error here, not at the
    /// first dial.
    public init(reading table: DialTable) throws(ConfigError) {
        let command = try table.strings("command", example: #"command = ["mmcli", "-m", "any", "--voice-create-call", "number={number}"]"#) ?? []
        guard !command.isEmpty else {
            throw table.error(at: "method", #"method = "exec" needs command = ["program", "argument", ...] with {number} where the number goes"#)
        }
        guard command.joined().contains("{number}") else {
            throw table.error(at: "command", "\(table.subject("command")) must contain {number}, where the number to dial goes")
        }
        let hangUpCommand = try table.strings("hangup_command", example: #"hangup_command = ["mmcli", "-m", "any", "--voice-hangup-all"]"#) ?? []
        if let program = hangUpCommand.first, program.isEmpty {
            throw table.error(at: "hangup_command", "\(table.subject("hangup_command")) must start with the program to run")
        }
        let timeout = try table.integer("timeout_s", in: 1...600, example: "timeout_s = 30", meaning: "how long a dial may take, in seconds") ?? 30
        self.init(command: command, hangUpCommand: hangUpCommand, timeoutSeconds: timeout)
    }

    public var method: DialMethod { .exec(self) }

    public func makeLine() throws(DialSetupError) -> any CallLine {
        try ExecLine(command: command, hangUpCommand: hangUpCommand, timeoutSeconds: timeoutSeconds)
    }

    public var tomlSettings: [ConfigSetting] {
        [
            ConfigSetting("command", .strings(command)), ConfigSetting("hangup_command", .strings(hangUpCommand)),
            ConfigSetting("timeout_s", .integer(timeoutSeconds)),
        ]
    }

    /// The programs it runs, which must be there to run.
    public func findings(on system: any DialSystem) -> [DialFinding] {
        var findings: [DialFinding] = []
        if let program = command.first, let problem = Self.programProblem(program, on: system) {
            findings.append(.problem("command", problem))
        }
        if let program = hangUpCommand.first, let problem = Self.programProblem(program, on: system) {
            findings.append(.problem("hangup_command", problem))
        }
        return findings
    }

    /// Its programs are `config check`'s work.
    public static let followsCalls = false

    /// It has no ringer of its own: t9dial's `[sound]` rings its calls.
    public func ownRinger(on system: any DialDoctorSystem) -> OwnRinger? { nil }
    public static let ringsByDefault = false

    public func doctorChecks(on system: any DialDoctorSystem) -> [DialCheck] {
        [DialCheck(.ok, "dial", "method \(Self.name), no modem to check")]
    }

    /// Why `program` cannot be run: a path that is missing or not executable, or a name found
    /// in no folder of `PATH`; nil when it can.
    static func programProblem(_ program: String, on system: any DialSystem) -> String? {
        if program.contains("/") {
            guard system.exists(program) else { return "the program \(program) does not exist; install it or give its full path" }
            guard system.isExecutable(program) else { return "the program \(program) is not executable; sudo chmod +x \(program)" }
            return nil
        }
        let folders = system.programFolders
        let found = folders.contains { folder in system.isExecutable(folder.hasSuffix("/") ? folder + program : folder + "/" + program) }
        return found ? nil : "the program \(program) is in no folder of PATH (\(folders.joined(separator: ":"))); install it or give its full path"
    }
}
