// SPDX-License-Identifier: Apache-2.0

/// Where a setting was read (file, line, key), kept for the errors found only when the setting
/// is used, such as a font file that does not load, so they point at the line to fix.
public struct SettingLocation: Sendable, Hashable {
    public var file: String?
    public var line: Int?
    /// The dotted key, "screen.font".
    public var key: String
    /// How messages name it: `"font" in [screen]`.
    public var subject: String

    public init(file: String?, line: Int?, key: String, subject: String) {
        self.file = file
        self.line = line
        self.key = key
        self.subject = subject
    }

    /// `t9dial.toml:7: "font" in [screen]: problem`.
    public func error(_ problem: String) -> ConfigError {
        ConfigError(file: file, line: line, key: key, message: "\(subject): \(problem)")
    }
}
