// SPDX-License-Identifier: Apache-2.0

import SystemCalls

/// Reads the UTF-8 text of a config, layout or keymap file, with errors that say what to do.
enum TextFile {
    /// The largest config, layout or keymap file read: 1 MiB, hundreds of times any real one.
    static let maxBytes = 1 << 20

    /// The file's text without a leading byte order mark. Only a regular file is read: a FIFO
    /// or a device (`/dev/zero`) is refused at once, but for `/dev/null`, the usual way to say
    /// "no config" (`--config /dev/null`), which is empty.
    static func read(_ path: String) throws(ConfigError) -> String {
        if path == "/dev/null" { return "" }
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maxBytes: maxBytes)
        } catch {
            if error.isDirectory { throw ConfigError(file: path, message: "is a directory, not a file; name the .toml file inside it") }
            throw ConfigError(file: path, message: "\(error.reason); \(error.remedy)")
        }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, message: "is not UTF-8 text; save it as UTF-8")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }
}
