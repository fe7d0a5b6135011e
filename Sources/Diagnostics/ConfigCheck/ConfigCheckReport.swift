// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// What `ConfigCheck` found: the configuration as read and every finding, in the order of the
/// file.
public struct ConfigCheckReport: Sendable {
    /// The config file as named; nil when none was found and the defaults were checked.
    public var file: String?
    /// The settings read; nil when the file could not be read or is not TOML.
    public var configuration: DialerConfiguration?
    /// The data directory the keymaps, layouts and t9dial's font came from; nil when none was
    /// found.
    public var dataDirectory: String?
    public var findings: [ConfigFinding]

    public init(file: String?, configuration: DialerConfiguration?, dataDirectory: String?, findings: [ConfigFinding]) {
        self.file = file
        self.configuration = configuration
        self.dataDirectory = dataDirectory
        self.findings = findings
    }

    public var problems: [ConfigFinding] { findings.filter { $0.severity == .problem } }
    public var warnings: [ConfigFinding] { findings.filter { $0.severity == .warning } }
    /// Whether something must be fixed before t9dial works as configured.
    public var hasProblem: Bool { findings.contains { $0.severity == .problem } }

    /// `t9dial.toml: 2 problems, 1 warning`, or `t9dial.toml: ok`.
    public var summary: String {
        let name = file ?? "no config file (the defaults)"
        guard !findings.isEmpty else { return "\(name): ok" }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(name): " + count(problems.count, "problem") + ", " + count(warnings.count, "warning")
    }

    /// A line a finding, then the summary.
    public var text: String {
        (findings.map(\.description) + [summary]).joined(separator: "\n")
    }
}
