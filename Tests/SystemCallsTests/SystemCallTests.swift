// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import Testing
import struct SystemPackage.FileDescriptor

/// Reading input of unknown size to its end, with a limit.
@Suite("Reading a descriptor to its end")
struct SystemCallTests {
    /// Bytes already held, bytes waiting in a pipe, and the limit on the two together.
    struct Case: Sendable, CustomTestStringConvertible {
        var held: Int
        var written: Int
        var maxBytes: Int
        /// Whether the whole input fits the limit.
        var fits: Bool
        var testDescription: String { "\(held) held + \(written) in a pipe, limit \(maxBytes)" }
    }

    static let cases = [
        Case(held: 0, written: 0, maxBytes: 10, fits: true),
        Case(held: 0, written: 10, maxBytes: 10, fits: true),
        Case(held: 0, written: 11, maxBytes: 10, fits: false),
        Case(held: 4, written: 6, maxBytes: 10, fits: true),
        Case(held: 4, written: 7, maxBytes: 10, fits: false),
        // More than one 64 KiB chunk.
        Case(held: 0, written: 60_000, maxBytes: 200_000, fits: true),
    ]

    @Test("The input is appended whole, or refused past the limit", arguments: cases)
    func readToEnd(_ test: Case) throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let input = (0..<test.written).map { UInt8(truncatingIfNeeded: $0) }
        // A pipe holds 64 KiB, more than the cases write: the write never blocks.
        if case .failure(let error) = SystemCall.writeAll(ends[1], input) { Issue.record("writing the pipe: \(error)") }
        close(ends[1])
        var bytes = [UInt8](repeating: 0xAA, count: test.held)
        let failure = Self.failure(SystemCall.readToEnd(FileDescriptor(rawValue: ends[0]), appendingTo: &bytes, maxBytes: test.maxBytes))
        if test.fits {
            #expect(failure == nil)
            #expect(bytes == [UInt8](repeating: 0xAA, count: test.held) + input)
        } else {
            #expect(failure == .tooLarge)
            #expect(bytes.count > test.maxBytes)
        }
    }

    @Test("A read that fails is the error, not an end")
    func readFails() {
        var bytes: [UInt8] = []
        // A descriptor opened for writing only cannot be read.
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let failure = Self.failure(SystemCall.readToEnd(FileDescriptor(rawValue: descriptor), appendingTo: &bytes, maxBytes: 10))
        #expect(failure == .failed(Errno(EBADF)))
        #expect(bytes.isEmpty)
    }

    /// The failure of a read, nil when it reached the end.
    static func failure(_ result: Result<Void, SystemCall.ReadToEndFailure>) -> SystemCall.ReadToEndFailure? {
        if case .failure(let failure) = result { failure } else { nil }
    }
}
