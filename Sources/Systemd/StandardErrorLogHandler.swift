// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
public import Logging
import TerminalText
import struct SystemPackage.FileDescriptor

/// Writes t9dial's log to standard error, exactly one line a message, in the form its reader
/// wants:
///
/// - **journal**: under systemd, when standard error is the journal's stream (`JOURNAL_STREAM`
///   names it), each line starts with its syslog priority, `<3>` for an error, `<4>` a
///   warning, `<6>` information, `<7>` debug, so `journalctl -p warning` shows the problems
///   alone and `systemctl status` colours them;
/// - **plain**: on a terminal or in a pipe, errors and warnings start with `error: ` and
///   `warning: `, and other messages are as they are.
///
/// Control characters in a message (a contact's name, a modem's answer, a SIP caller's URI) are
/// shown as `^X` or `\u{..}` (`VisibleText`), newlines too (`^J`): a message cannot move the
/// cursor or retitle the terminal, and a field a peer sent cannot start a line of its own, with
/// a priority of its choosing (`<3>`, `error: `), in the journal or in a log read line by line.
///
/// A line that cannot be written (standard error on a full disk, or a closed pipe, SIGPIPE
/// being ignored) is dropped: there is nowhere left to tell it, and the service must not stop
/// for its log.
public struct StandardErrorLogHandler: LogHandler {
    public enum Style: Sendable {
        case journal, plain
    }

    public var style: Style
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let write: @Sendable (String) -> Void

    /// A handler writing to standard error in `style`, showing `level` and above.
    public init(style: Style = Self.detectedStyle(), level: Logger.Level = .info) {
        self.init(style: style, level: level) { text in SystemCall.writeAll(STDERR_FILENO, Array(text.utf8)) }
    }

    /// A handler writing each formatted line (newline included) with `write`, for tests.
    public init(style: Style, level: Logger.Level, write: @escaping @Sendable (String) -> Void) {
        self.style = style
        self.logLevel = level
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        write(Self.format(event.message.description, level: event.level, style: style))
    }

    /// The text written for one message: one line, with the prefix, and every control
    /// character in the message shown (a newline as `^J`).
    public static func format(_ message: String, level: Logger.Level, style: Style) -> String {
        let prefix: String
        switch style {
        case .journal: prefix = "<\(priority(of: level))>"
        case .plain:
            switch level {
            case .trace, .debug: prefix = "debug: "
            case .info, .notice: prefix = ""
            case .warning: prefix = "warning: "
            case .error, .critical: prefix = "error: "
            }
        }
        return prefix + VisibleText.line(message) + "\n"
    }

    /// The syslog priority of a level, as sd-daemon(3) defines the prefixes.
    public static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// `.journal` when standard error is the stream `JOURNAL_STREAM` names (its device and
    /// inode), as systemd sets it for a service; `.plain` otherwise, also for a program started
    /// from a service whose standard error was redirected.
    public static func detectedStyle() -> Style {
        detectedStyle(journalStream: Syscalls.environment("JOURNAL_STREAM"))
    }

    /// The style for this value of `JOURNAL_STREAM`.
    public static func detectedStyle(journalStream: String?) -> Style {
        guard let journalStream, let own = Syscalls.deviceAndInode(.standardError) else { return .plain }
        let parts = journalStream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return .plain }
        return (device, inode) == (own.device, own.inode) ? .journal : .plain
    }
}
