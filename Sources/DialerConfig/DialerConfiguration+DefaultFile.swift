// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Where t9dial finds its config file when the command line names none.
extension DialerConfiguration {
    /// The system-wide config file, used when the user has none.
    public static let systemFile = "/etc/t9dial/t9dial.toml"

    /// The files tried, in order, when no config file is named: `$T9DIAL_CONFIG` alone when it is
    /// set; else `$XDG_CONFIG_HOME/t9dial/t9dial.toml` (or `~/.config/t9dial/t9dial.toml`), then
    /// `/etc/t9dial/t9dial.toml`. `environment` is this process's when nil.
    public static func defaultFiles(
        environment: [String: String]? = nil
    ) -> [String] {
        defaultFiles(environment: environment ?? ProcessInfo.processInfo.environment, systemFile: systemFile)
    }

    /// Reads the first of `defaultFiles` that exists, or returns the defaults when none does. A
    /// file named by `$T9DIAL_CONFIG` must exist, since the user asked for it.
    public static func loadDefault(
        environment: [String: String]? = nil,
        dialMethods: any DialSettings.Type
    ) throws(ConfigError) -> DialerConfiguration {
        try loadDefault(environment: environment ?? ProcessInfo.processInfo.environment, systemFile: systemFile, dialMethods: dialMethods)
    }

    static func defaultFiles(environment: [String: String], systemFile: String) -> [String] {
        if let named = environment["T9DIAL_CONFIG"], !named.isEmpty { return [named] }
        var files: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            files.append(xdg + "/t9dial/t9dial.toml")
        } else if let home = environment["HOME"], !home.isEmpty {
            files.append(home + "/.config/t9dial/t9dial.toml")
        }
        files.append(systemFile)
        return files
    }

    static func loadDefault(
        environment: [String: String], systemFile: String, dialMethods: any DialSettings.Type
    ) throws(ConfigError) -> DialerConfiguration {
        if let named = environment["T9DIAL_CONFIG"], !named.isEmpty {
            guard FileManager.default.fileExists(atPath: named) else {
                throw ConfigError(
                    file: named,
                    message: "no such file, but T9DIAL_CONFIG names it; create it (Config/t9dial.toml "
                        + "documents every key) or unset T9DIAL_CONFIG to use the default locations"
                )
            }
            return try load(path: named, environment: environment, dialMethods: dialMethods)
        }
        for file in defaultFiles(environment: environment, systemFile: systemFile)
        where FileManager.default.fileExists(atPath: file) {
            return try load(path: file, environment: environment, dialMethods: dialMethods)
        }
        return DialerConfiguration(dialSettings: dialMethods.unwritten)
    }
}
