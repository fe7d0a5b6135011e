// SPDX-License-Identifier: Apache-2.0

/// A problem with the configuration file, a layout file or the data directory, said so that the
/// user can fix it: what is wrong, where (file, line, key) and what is allowed instead.
///
/// Printed like a compiler message, `t9dial.toml:3: unknown key "mach" in [search]; did you mean "match"?`.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file the problem is in, as it was named (a path, or the name given to `parse`); nil
    /// when the problem is not in one file (no data directory found).
    public var file: String?
    /// The 1-based line of the offending key or syntax error, when it could be found.
    public var line: Int?
    /// The full dotted key that is wrong ("search.limit"), when the problem is a key.
    public var key: String?
    /// What is wrong and how to fix it.
    public var message: String

    public init(file: String?, line: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `file:line: message`, leaving out what is unknown.
    public var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(message)"
        case let (file?, nil): "\(file): \(message)"
        case (nil, _): message
        }
    }
}
