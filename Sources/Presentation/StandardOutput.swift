// SPDX-License-Identifier: Apache-2.0

public import SystemCalls
import TerminalText

/// Standard error, for warnings that must not mix with results on standard output. Control
/// characters (from a contact, a file, an argument) are shown, never sent (`VisibleText`).
///
/// A warning that cannot be written is dropped: there is nowhere left to tell it, and the exit
/// status still says whether the command did its work.
public enum StandardError {
    public static func write(_ line: String) {
        try? StandardStream.error.write(VisibleText.lines(line) + "\n")
    }
}

/// Standard output written line by line without buffering, so a program driving t9dial through
/// a pipe gets each answer as soon as it is ready. A write that fails throws, and the command
/// ends by it, so no output is lost without a word.
public enum StandardOutput {
    /// Whether standard output is a terminal, where a long load shows its progress as it goes.
    public static var isTerminal: Bool { StandardStream.output.isTerminal }

    /// Text for people: each line with its control characters shown (`VisibleText`), so a
    /// name cannot reach the terminal as an escape sequence or break one answer into two lines.
    public static func writeLine(_ text: String) throws(WriteFailure) {
        try write(VisibleText.lines(text) + "\n")
    }

    /// A line of JSON, which escapes every control character itself.
    public static func writeJSONLine(_ json: String) throws(WriteFailure) {
        try write(json + "\n")
    }

    /// Text t9dial made itself, such as a udev rule, or a listing whose fields were each made
    /// visible (`ContactListing`), written as it is.
    public static func write(_ text: String) throws(WriteFailure) {
        try StandardStream.output.write(text)
    }

    /// Bytes made ready for output (JSON escapes its control characters itself), with one
    /// write(2) when the pipe takes them all.
    public static func write(bytes: [UInt8]) throws(WriteFailure) {
        try StandardStream.output.write(bytes)
    }

    public static func write(bytes: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
        try StandardStream.output.write(UnsafeRawBufferPointer(bytes))
    }
}
