// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import Testing
import struct SystemPackage.FileDescriptor

/// Writing a stream: every byte, or the failure as a value with a message for the user.
@Suite("Writing standard output")
struct StandardStreamTests {
    /// A device opened as standard output would be, and what writing to it gives.
    struct Case: Sendable, CustomTestStringConvertible {
        var device: String
        var flags: Int32
        /// The message, nil when the write goes through.
        var failure: String?
        var testDescription: String { device + (flags == O_RDONLY ? " opened read-only" : "") }
    }

    static let cases = [
        Case(device: "/dev/null", flags: O_WRONLY, failure: nil),
        Case(device: "/dev/full", flags: O_WRONLY, failure: "cannot write to standard output: No space left on device"),
        Case(device: "/dev/null", flags: O_RDONLY, failure: "cannot write to standard output: Bad file descriptor"),
    ]

    @Test("A write goes through, or fails with what to tell", arguments: cases)
    func write(_ test: Case) throws {
        let descriptor = open(test.device, test.flags | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let stream = StandardStream(descriptor: FileDescriptor(rawValue: descriptor), name: "standard output")
        var message: String?
        do {
            try stream.write("one line\n")
            try stream.write(Array("and bytes\n".utf8))
        } catch {
            message = error.description
            #expect(!error.readerLeft)
        }
        #expect(message == test.failure)
    }

    @Test func aReaderGoneIsToldApart() {
        #expect(WriteFailure(stream: "standard output", errno: Errno(EPIPE)).readerLeft)
        #expect(!WriteFailure(stream: "standard output", errno: Errno(ENOSPC)).readerLeft)
    }
}
