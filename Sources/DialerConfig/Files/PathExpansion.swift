// SPDX-License-Identifier: Apache-2.0

/// Turns a path written in a config file into one the program can open: `~` is the home
/// directory, and a relative path is relative to the config file, not to wherever t9dial runs.
enum PathExpansion {
    static func expand(_ path: String, configFile: String, home: String?) -> String {
        if path == "~", let home { return home }
        if path.hasPrefix("~/"), let home { return join(home, String(path.dropFirst(2))) }
        if path.hasPrefix("/") || path.hasPrefix("~") { return path }
        guard let slash = configFile.lastIndex(of: "/") else { return path }
        let directory = String(configFile[...slash])
        return join(directory, path)
    }

    private static func join(_ directory: String, _ name: String) -> String {
        if directory.hasSuffix("/") { return directory + name }
        return directory + "/" + name
    }
}
