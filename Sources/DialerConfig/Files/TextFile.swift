import Foundation

/// Reads the UTF-8 text of a config or layout file, with errors that say what to do.
enum TextFile {
    /// The file's text without a leading byte order mark.
    static func read(_ path: String) throws(ConfigError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigError(file: path, message: "no such file; check the path")
        }
        guard !isDirectory.boolValue else {
            throw ConfigError(file: path, message: "is a directory, not a file; name the .toml file inside it")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ConfigError(file: path, message: "cannot be read; check its permissions (ls -l \(path))")
        }
        // Through a file handle, so that /dev/null and pipes read as what they hold.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
            throw ConfigError(file: path, message: "cannot be read; check that it is a readable file")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, message: "is not UTF-8 text; save it as UTF-8")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }
}
