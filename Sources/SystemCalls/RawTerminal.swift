// SPDX-License-Identifier: Apache-2.0

import Glibc

/// The terminal switched to reading key by key, and how to switch it back.
public struct RawTerminal {
    /// The settings before, restored on exit (a signal ends the loop, which then leaves by
    /// the same path).
    nonisolated(unsafe) static var saved: termios? = nil

    /// Switches a terminal on standard input to raw input (output is left as it is, so lines
    /// still end properly); nil when standard input is not a terminal.
    public static func enter() -> RawTerminal? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        return RawTerminal()
    }

    /// Puts back the settings from before `enter`.
    public func restore() {
        if var saved = Self.saved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        Self.saved = nil
    }
}
