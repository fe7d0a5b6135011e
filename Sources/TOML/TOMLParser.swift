// SPDX-License-Identifier: Apache-2.0

/// A TOML 1.0 parser in plain Swift, for files written by people and read by t9dial: the
/// config, keymap and layout files.
///
/// It takes the bytes of a file and gives a `TOMLTable` whose keys and values carry the line and
/// column they are written at, or a `TOMLError` at the line and column of the first problem. It
/// follows TOML 1.0.0 to the letter and passes the toml-test suite's TOML 1.0 cases: the rules
/// on defining a table or a key twice, dotted keys, closed inline tables, arrays of tables, every
/// string form and escape, integers (hex, octal, binary, underscores, out of range), floats,
/// the four date and time forms with their ranges, and control characters. The text must be
/// UTF-8 (a byte order mark first is skipped): a byte sequence that is not UTF-8 (a UTF-16 file
/// among them) is an error at its position, never replaced.
///
/// Limits, so that hostile input gives an error rather than a crash or a long wait:
/// - tables and arrays nest at most `maximumDepth` (128) deep, counting every array, inline
///   table, `[header]` part and dotted-key part from the top level; the parser recurses only
///   into arrays and inline tables, so its stack is bounded by that depth;
/// - the work is linear in the length of the text: no step looks back further than the line it
///   is on, and positions are counted incrementally.
/// The size of the text is left to the caller (t9dial reads at most 1 MiB).
public enum TOMLParser {
    /// How deeply tables and arrays may nest.
    public static let maximumDepth = 128

    /// Parses the UTF-8 bytes of a TOML file.
    public static func parse(_ bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        var parser = Parser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses TOML text (a Swift string is always valid Unicode).
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(Array(text.utf8))
    }
}
