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
            let (line, column) = firstInvalidUTF8(in: bytes)
            throw ConfigError(file: path, line: line, message: "is not UTF-8 text at column \(column); save it as UTF-8")
        }
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        return text
    }

    /// The 1-based line and column (in characters) of the first byte of `bytes` that is not
    /// part of well-formed UTF-8, so that the message points at it.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
