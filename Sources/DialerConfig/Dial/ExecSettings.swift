// SPDX-License-Identifier: Apache-2.0

/// `method = "exec"`: the program that places a call, and the one that ends it.
public struct ExecSettings: Sendable, Hashable {
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

    static let keys = ["command", "hangup_command", "timeout_s"]

    /// Reads the method's keys; a method without what it needs is an error here, not at the
    /// first dial.
    init(reading table: TableReader) throws(ConfigError) {
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
}
