// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// One thing `t9dial config check` found wrong in a config or in what it names: where (file,
/// line, key), what, and whether it stops t9dial.
public struct ConfigFinding: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: Sendable, Hashable {
        /// t9dial will not work as configured until this is fixed.
        case problem
        /// Works, but not as well as it could, or not everywhere (a device not plugged in).
        case warning
    }

    public var severity: Severity
    /// The file, line, dotted key and message.
    public var error: ConfigError

    public init(_ severity: Severity, _ error: ConfigError) {
        self.severity = severity
        self.error = error
    }

    /// A problem at `location`, the key's line in the config.
    static func problem(_ location: SettingLocation, _ message: String) -> ConfigFinding {
        ConfigFinding(.problem, ConfigError(file: location.file, line: location.line, key: location.key, message: message))
    }

    /// A warning at `location`, the key's line in the config.
    static func warning(_ location: SettingLocation, _ message: String) -> ConfigFinding {
        ConfigFinding(.warning, ConfigError(file: location.file, line: location.line, key: location.key, message: message))
    }

    /// `t9dial.toml:3: keypad.keymap: unknown keymap "usb-nmpad" ...`, and for a warning
    /// `t9dial.toml:9: warning: screen.framebuffer: ...`; the file, line or key is left out
    /// when there is none.
    public var description: String {
        var parts: [String] = []
        switch (error.file, error.line) {
        case let (file?, line?): parts.append("\(file):\(line)")
        case let (file?, nil): parts.append(file)
        case (nil, _): break
        }
        if severity == .warning { parts.append("warning") }
        if let key = error.key { parts.append(key) }
        parts.append(error.message)
        return parts.joined(separator: ": ")
    }
}
