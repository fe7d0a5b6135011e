// SPDX-License-Identifier: Apache-2.0

@testable import DialerKit
import Foundation
import Glibc
import Presentation
import ProcessLoop
import SystemCalls
import TestFixtures
import Testing
import struct SystemPackage.FileDescriptor

/// The service outlives its standard output: a text display that cannot write stops, the log
/// says so once, and the keys go on being searched.
@Suite("The service's standard output")
struct DialerServiceOutputTests {
    @Test("A full disk under the text display: one warning, and the dialer goes on")
    func fullDisk() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            let node = try #require(try DialerServiceTests.board(directory, config: DialerServiceTests.bookConfig).node)
            let log = RecordedLog()
            let service = try DialerServiceTests.service(directory, log: log)
            let output = StandardOutputStream(StandardStream(descriptor: FileDescriptor(rawValue: full.fileDescriptor), name: "standard output"))
            var display = DisplayGroup([InMemoryDisplay(), TextDisplay(output: output)])
            service.start(display: &display)

            var time = MonotonicClock.system.now() - 10_000_000
            for digit in [3, 7] { try DialerServiceTests.tap(node, digit, at: &time) }
            while service.machine.session.screen.query.text != "37" || service.isLoading { try service.step(display: &display) }
            try DialerServiceTests.tap(node, 3, at: &time)
            while service.machine.session.screen.query.text != "373" { try service.step(display: &display) }

            #expect(display.writeFailure == WriteFailure(stream: "standard output", errno: Errno(ENOSPC)))
            let warnings = log.lines.filter { $0.hasPrefix("warning: ") }
            let expected = "cannot write to standard output: No space left on device; the screens are no longer written there, and the dialer goes on"
            #expect(warnings == ["warning: " + expected])
            let shown = try #require(display.displays.first as? InMemoryDisplay)
            #expect(shown.screens.last?.query.text == "373")
        }
    }
}
