// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// The config read as the program reads it: its `[dial]` read by the dial methods
/// (`DialMethod`), each key of theirs checked at its line. DialerConfig, below this module,
/// is handed the methods on every read (`dialMethods:`); these are its reads with them.
extension DialerConfiguration {
    /// The defaults: what t9dial uses with no config file.
    public static var defaults: DialerConfiguration { DialerConfiguration(dialSettings: DialMethod.unwritten) }

    /// `load(path:environment:dialMethods:)` with the dial methods.
    public static func load(path: String, environment: [String: String]? = nil) throws(ConfigError) -> DialerConfiguration {
        try load(path: path, environment: environment, dialMethods: DialMethod.self)
    }

    /// `load(path:as:environment:dialMethods:)` with the dial methods.
    public static func load(path: String, as file: String, environment: [String: String]? = nil) throws(ConfigError) -> DialerConfiguration {
        try load(path: path, as: file, environment: environment, dialMethods: DialMethod.self)
    }

    /// `parse(text:file:environment:dialMethods:)` with the dial methods.
    public static func parse(text: String, file: String, environment: [String: String]? = nil) throws(ConfigError) -> DialerConfiguration {
        try parse(text: text, file: file, environment: environment, dialMethods: DialMethod.self)
    }

    /// `read(path:as:environment:dialMethods:)` with the dial methods.
    public static func read(path: String, as file: String? = nil, environment: [String: String]? = nil) -> ConfigReading {
        read(path: path, as: file, environment: environment, dialMethods: DialMethod.self)
    }

    /// `read(text:file:environment:dialMethods:)` with the dial methods.
    public static func read(text: String, file: String, environment: [String: String]? = nil) -> ConfigReading {
        read(text: text, file: file, environment: environment, dialMethods: DialMethod.self)
    }

    /// `loadDefault(environment:dialMethods:)` with the dial methods.
    public static func loadDefault(environment: [String: String]? = nil) throws(ConfigError) -> DialerConfiguration {
        try loadDefault(environment: environment, dialMethods: DialMethod.self)
    }
}
