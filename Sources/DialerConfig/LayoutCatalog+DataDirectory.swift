// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Finding the data directory: the folder that holds `layouts/` (and later keymaps and fonts),
/// wherever t9dial was installed or built.
extension LayoutCatalog {
    /// The environment variable that names the data directory.
    public static let dataDirectoryVariable = "T9DIAL_DATA_DIR"
    /// Where packages install the data, after the executable's `../share/t9dial`.
    static let systemDataDirectories = ["/usr/local/share/t9dial", "/usr/share/t9dial"]

    /// The data directory, tried in this order:
    /// 1. `explicit` (from `--data-dir` or the config's `data_dir`),
    /// 2. `$T9DIAL_DATA_DIR`,
    /// 3. `<executable's directory>/../share/t9dial` (an installed program),
    /// 4. a `Config` folder with `layouts/` in the executable's directory or above it (running
    ///    `.build/debug/t9dial` in a source checkout),
    /// 5. `/usr/local/share/t9dial`, then `/usr/share/t9dial`.
    ///
    /// A directory the user named (1 or 2) without `layouts/` is an error rather than skipped,
    /// so a typo is not hidden by another copy of the data. When nothing is found the error lists
    /// every place tried. `environment` is this process's when nil.
    public static func findDataDirectory(
        explicit: String? = nil,
        environment: [String: String]? = nil,
        executablePath: String? = currentExecutablePath()
    ) throws(ConfigError) -> String {
        try findDataDirectory(
            explicit: explicit,
            environment: environment ?? ProcessInfo.processInfo.environment,
            executablePath: executablePath,
            systemDirectories: systemDataDirectories
        )
    }

    /// The running program's path, from `/proc/self/exe` (symbolic links resolved), else
    /// Foundation's idea of it.
    public static func currentExecutablePath() -> String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return path
        }
        return Bundle.main.executablePath ?? CommandLine.arguments.first
    }

    static func findDataDirectory(
        explicit: String?,
        environment: [String: String],
        executablePath: String?,
        systemDirectories: [String]
    ) throws(ConfigError) -> String {
        if let explicit, !explicit.isEmpty {
            return try namedDirectory(explicit, namedBy: "--data-dir or data_dir")
        }
        if let variable = environment[dataDirectoryVariable], !variable.isEmpty {
            return try namedDirectory(variable, namedBy: dataDirectoryVariable)
        }
        var tried: [String] = []
        if let executablePath {
            let binDirectory = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
            let installed = binDirectory.deletingLastPathComponent().appendingPathComponent("share/t9dial").path
            if hasLayouts(installed) { return installed }
            tried.append("\(installed) (installed next to the program)")

            var directory = binDirectory
            while true {
                let checkout = directory.appendingPathComponent("Config").path
                if hasLayouts(checkout) { return checkout }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
            tried.append("Config/ in \(binDirectory.path) and the folders above it (a source checkout)")
        } else {
            tried.append("(the running program's path is unknown, so nothing next to it)")
        }
        for directory in systemDirectories {
            if hasLayouts(directory) { return directory }
            tried.append(directory)
        }
        throw ConfigError(
            file: nil,
            message: "no t9dial data directory (a folder holding \(folderName)/) found; looked in:\n"
                + tried.map { "  \($0)\n" }.joined()
                + "pass --data-dir DIR, set \(dataDirectoryVariable)=DIR or set data_dir in t9dial.toml, "
                + "where DIR holds \(folderName)/*.toml (the Config folder of the t9dial sources does)"
        )
    }

    /// Whether `dataDirectory` is the `Config` folder of a source checkout (it sits next to the
    /// package's `Package.swift`) rather than an installed copy: messages then name the files
    /// of the sources (`Config/t9dial.toml`) instead of the installed ones.
    public static func isSourceTree(dataDirectory: String) -> Bool {
        let folder = URL(fileURLWithPath: dataDirectory).standardizedFileURL
        return folder.lastPathComponent == "Config"
            && FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("Package.swift").path)
    }

    /// `path` when it holds `layouts/`; else an error, since the user named it.
    private static func namedDirectory(_ path: String, namedBy source: String) throws(ConfigError) -> String {
        if hasLayouts(path) { return path }
        var message = "the data directory \(path) (from \(source)) has no \(folderName)/ folder"
        if URL(fileURLWithPath: path).lastPathComponent == folderName {
            message += "; name the folder that holds \(folderName)/, not \(folderName)/ itself"
        } else {
            message += "; name the folder that holds \(folderName)/*.toml (the Config folder of the t9dial sources)"
        }
        throw ConfigError(file: nil, message: message)
    }

    private static func hasLayouts(_ directory: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: join(directory, folderName), isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
