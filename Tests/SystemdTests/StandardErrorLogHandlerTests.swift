// SPDX-License-Identifier: Apache-2.0

import Glibc
import Logging
import Synchronization
@testable import Systemd
import Testing

@Suite("Log lines for the journal and for a terminal")
struct StandardErrorLogHandlerTests {
    @Test(
        "Each level's prefix, in each style",
        arguments: [
            (Logger.Level.error, StandardErrorLogHandler.Style.journal, "<3>no contacts\n"),
            (.warning, .journal, "<4>no contacts\n"),
            (.notice, .journal, "<5>no contacts\n"),
            (.info, .journal, "<6>no contacts\n"),
            (.debug, .journal, "<7>no contacts\n"),
            (.critical, .journal, "<2>no contacts\n"),
            (.error, .plain, "error: no contacts\n"),
            (.warning, .plain, "warning: no contacts\n"),
            (.info, .plain, "no contacts\n"),
            (.debug, .plain, "debug: no contacts\n"),
        ]
    )
    func prefixes(level: Logger.Level, style: StandardErrorLogHandler.Style, expected: String) {
        #expect(StandardErrorLogHandler.format("no contacts", level: level, style: style) == expected)
    }

    @Test(
        "A message is one line at t9dial's own priority: a newline a peer sent cannot forge a line of its own",
        arguments: [
            // A SIP caller's display name, a CALL_CLOSED reason, a REGISTER_FAIL reason.
            ("incoming call from Sam\n<3>error: disk full", StandardErrorLogHandler.Style.journal, "<6>incoming call from Sam^J<3>error: disk full\n"),
            ("closed: 486 Busy\r\nerror: forged", .plain, "closed: 486 Busy^M^Jerror: forged\n"),
            ("a\nb\n", .journal, "<6>a^Jb^J\n"),
        ]
    )
    func oneLine(message: String, style: StandardErrorLogHandler.Style, expected: String) {
        let written = StandardErrorLogHandler.format(message, level: .info, style: style)
        #expect(written == expected)
        #expect(written.filter { $0 == "\n" || $0 == "\r\n" }.count == 1)
    }

    @Test(
        "Control characters are shown, not sent to the terminal",
        arguments: [
            ("Bob\u{1B}]0;owned\u{07}", "Bob^[]0;owned^G"),
            ("tab\there", "tab^Ihere"),
            ("del\u{7F}", "del^?"),
            ("csi\u{9B}2J", "csi\\u{9b}2J"),
            ("Zoë 周", "Zoë 周"),
        ]
    )
    func controls(text: String, shown: String) {
        #expect(StandardErrorLogHandler.format(text, level: .info, style: .plain) == shown + "\n")
    }

    @Test("The logger writes what its level lets through")
    func levels() {
        let lines = Mutex<[String]>([])
        let handler = StandardErrorLogHandler(style: .journal, level: .info) { text in lines.withLock { $0.append(text) } }
        let logger = Logger(label: "test", factory: { _ in handler })
        logger.debug("hidden")
        logger.info("shown")
        logger.error("failed")
        #expect(lines.withLock { $0 } == ["<6>shown\n", "<3>failed\n"])
    }

    @Test("The journal style is chosen only when standard error is the stream JOURNAL_STREAM names")
    func detection() {
        var status = stat()
        #expect(fstat(STDERR_FILENO, &status) == 0)
        #expect(StandardErrorLogHandler.detectedStyle(journalStream: "\(status.st_dev):\(status.st_ino)") == .journal)
        #expect(StandardErrorLogHandler.detectedStyle(journalStream: "\(status.st_dev):\(status.st_ino + 1)") == .plain)
        #expect(StandardErrorLogHandler.detectedStyle(journalStream: "garbage") == .plain)
        #expect(StandardErrorLogHandler.detectedStyle(journalStream: nil) == .plain)
    }
}
